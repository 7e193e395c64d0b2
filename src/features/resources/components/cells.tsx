/**
 * Table cells that need more than text: money as the API sent it, an age that keeps ticking, GPUs, the owner
 * and labels as chips that filter when clicked. Rows are memoised, so anything that changes on its own (the
 * clock, the label selector) reaches the cell through a subscription or a context, never through row props.
 */
import { clsx } from 'clsx';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { formatAge, formatDateTime, formatUSD } from '../../../lib/format.ts';
import { LABEL_CREATED_BY, type NodusObject } from '../../../shared/protocol.ts';

export function Money({ amount, warn }: { amount: unknown; warn?: boolean }) {
  const text = formatUSD(amount);
  if (!text) return <span className="text-slate-300">—</span>;
  return <span className={clsx('tabular-nums', warn ? 'font-medium text-amber-700' : 'text-slate-700')}>{text}</span>;
}

/**
 * One clock for every Age cell on the page: a single interval while any cell is mounted, so ages tick every
 * second without re-rendering rows.
 */
const clock = (() => {
  let now = Date.now();
  let timer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      timer ??= setInterval(() => {
        now = Date.now();
        listeners.forEach((l) => l());
      }, 1000);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== undefined) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    now: () => now,
  };
})();

export function Age({ timestamp }: { timestamp: string | undefined }) {
  const now = useSyncExternalStore(clock.subscribe, clock.now);
  return (
    <time dateTime={timestamp} title={timestamp ? formatDateTime(timestamp) : undefined} className="tabular-nums text-slate-600">
      {formatAge(timestamp, now)}
    </time>
  );
}

export function gpuOf(object: NodusObject): { type: string | undefined; count: number } {
  const gpu = (object.spec?.resources as { gpu?: { type?: unknown; count?: unknown } } | undefined)?.gpu;
  const count = typeof gpu?.count === 'number' ? gpu.count : 0;
  return { type: typeof gpu?.type === 'string' ? gpu.type : undefined, count };
}

export function Gpu({ object }: { object: NodusObject }) {
  const { type, count } = gpuOf(object);
  if (!type || count === 0) return <span className="text-slate-300">—</span>;
  return (
    <span className="inline-flex items-center gap-1 rounded bg-violet-50 px-1.5 py-px text-xs font-medium text-violet-700 ring-1 ring-violet-600/15 ring-inset">
      <span className="tabular-nums">{count}×</span>
      {type}
    </span>
  );
}

/** The controlling owner (a Pipeline's Job), or else who created the object. */
export function ownerOf(object: NodusObject): { text: string; title: string } | undefined {
  const controller = object.metadata.ownerReferences?.find((r) => r.controller) ?? object.metadata.ownerReferences?.[0];
  if (controller) return { text: `${controller.kind}/${controller.name}`, title: `Owned by ${controller.kind} ${controller.name}: deleted with it` };
  const creator = object.metadata.labels?.[LABEL_CREATED_BY];
  return creator ? { text: creator, title: `Created by ${creator} (${LABEL_CREATED_BY})` } : undefined;
}

export function Owner({ object }: { object: NodusObject }) {
  const owner = ownerOf(object);
  if (!owner) return <span className="text-slate-300">—</span>;
  return (
    <span title={owner.title} className="truncate text-slate-600">
      {owner.text}
    </span>
  );
}

/** Labels that Nodus sets (nodus.dev/...) are not chips: they are in the tooltip and in the Owner column. */
function isSystemLabel(key: string): boolean {
  return key.startsWith('nodus.dev/') || key.endsWith('.nodus.dev') || key.includes('.nodus.dev/');
}

export interface LabelFilter {
  /** Adds `key=value` to the label selector. */
  add: (key: string, value: string) => void;
  /** Whether the selector already asks for it. */
  has: (key: string, value: string) => boolean;
}

export const LabelFilterContext = createContext<LabelFilter | null>(null);

export function LabelChips({ labels }: { labels: Record<string, string> | undefined }) {
  const filter = useContext(LabelFilterContext);
  const entries = Object.entries(labels ?? {});
  const shown = entries.filter(([k]) => !isSystemLabel(k));
  const hidden = entries.length - shown.length;
  const title = entries.map(([k, v]) => `${k}=${v}`).join('\n');
  return (
    <span className="flex min-w-0 items-center gap-1 overflow-hidden" title={title}>
      {shown.map(([key, value]) => {
        const active = filter?.has(key, value) ?? false;
        return (
          <button
            key={key}
            type="button"
            data-chip
            aria-label={`Filter by label ${key}=${value}`}
            aria-pressed={active}
            onClick={() => filter?.add(key, value)}
            className={clsx(
              'shrink-0 rounded px-1.5 py-px font-mono text-[11px] leading-4 ring-1 ring-inset transition-colors',
              active
                ? 'bg-indigo-50 text-indigo-700 ring-indigo-500/30'
                : 'bg-slate-50 text-slate-600 ring-slate-500/15 hover:bg-indigo-50 hover:text-indigo-700 hover:ring-indigo-500/30',
            )}
          >
            {key}
            <span className="text-slate-400">=</span>
            {value}
          </button>
        );
      })}
      {hidden > 0 ? <span className="shrink-0 text-[11px] text-slate-600">+{hidden}</span> : null}
    </span>
  );
}
