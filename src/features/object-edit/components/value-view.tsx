/** One field's value as the person reads it in the three-way view: a scalar inline, a map or list as YAML. */
import { clsx } from 'clsx';
import type { MergedChange } from '../model/merge/index.ts';
import { toYaml } from '../model/edit-yaml.ts';

export function formatValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || typeof value !== 'object') return String(value);
  return toYaml(value).trimEnd();
}

export function ValueView({ value, className }: { value: unknown; className?: string }) {
  if (value === undefined) return <span className={clsx('text-sm italic text-slate-400', className)}>(not set)</span>;
  return (
    <pre className={clsx('whitespace-pre-wrap break-all font-mono text-[13px] leading-5 text-slate-900', className)}>
      {formatValue(value)}
    </pre>
  );
}

/** The three sides, named and coloured the same everywhere in the view (legend, cards, lists). */
export const SIDES = {
  base: {
    label: 'Started from',
    hint: 'what you opened',
    chip: 'bg-slate-100 text-slate-700 ring-slate-300',
    card: 'border-slate-200 bg-slate-50',
  },
  theirs: {
    label: 'Server now',
    hint: 'theirs',
    chip: 'bg-amber-50 text-amber-800 ring-amber-300',
    card: 'border-amber-200 bg-amber-50/60',
  },
  mine: {
    label: 'Your edit',
    hint: 'mine',
    chip: 'bg-indigo-50 text-indigo-800 ring-indigo-300',
    card: 'border-indigo-200 bg-indigo-50/60',
  },
} as const;

export function SideChip({ side, className }: { side: keyof typeof SIDES; className?: string }) {
  const s = SIDES[side];
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        s.chip,
        className,
      )}
    >
      {s.label}
      <span className="font-normal opacity-70">({s.hint})</span>
    </span>
  );
}

/** Where a change that merged by itself came from, worded and coloured alike in the notice and the three-way view. */
export const MERGED_BY: Record<MergedChange['by'], { text: string; className: string }> = {
  theirs: { text: 'from the server', className: 'text-amber-800' },
  mine: { text: 'from your edit', className: 'text-indigo-700' },
  both: { text: 'same change on both sides', className: 'text-slate-600' },
};
