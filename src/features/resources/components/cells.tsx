/**
 * Table cells that need more than text: money as the API sent it, an age that keeps ticking, GPUs, the owner
 * and labels as chips that filter when clicked. Rows are memoised, so anything that changes on its own (the
 * clock, the label selector) reaches the cell through a subscription or a context, never through row props.
 * A value that may not fit is cut with an ellipsis and marked `data-peek` (see cell-peek.tsx): the table's one
 * tooltip shows it whole on hover and on keyboard focus.
 */
import { clsx } from 'clsx';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { usePreference } from '@/data/preferences.ts';
import { formatAge, formatDateTime, formatShortDateTime, formatUSD } from '@/lib/format.ts';
import { gpuOf } from '@/kinds/index.ts';
import type { TableItem } from '@/shared/printer-columns.ts';
import { LABEL_CREATED_BY, type ObjectMeta } from '@/shared/protocol.ts';

/** What the keyboard can reach inside a row (Left and Right from the row): focusable by script, never by Tab. */
export const STOP =
  'outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-1 focus-visible:outline-indigo-600';

/** Text that may not fit its column: cut with an ellipsis, whole in the table's tooltip. */
export function Clipped({ text, className }: { text: string; className?: string }) {
  return (
    <span data-peek="" tabIndex={-1} className={clsx('truncate rounded-sm', STOP, className)}>
      {text}
    </span>
  );
}

/**
 * An amount; `warn` (near a cap) in amber. A `live` one (charged as it runs) moves every few seconds: a small
 * dot says so, in no warning colour, and its row is not highlighted on each charge (table/meter-tick.ts).
 */
export function Money({ amount, warn, live }: { amount: unknown; warn?: boolean; live?: boolean }) {
  const text = formatUSD(amount);
  if (!text) return <span className="text-slate-300">—</span>;
  const cell = (
    <Clipped text={text} className={clsx('tabular-nums', warn ? 'font-medium text-amber-700' : 'text-slate-700')} />
  );
  if (!live) return cell;
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <span
        aria-hidden="true"
        data-testid="cost-live"
        title="Charged as it runs"
        className="size-1.5 shrink-0 rounded-full bg-sky-500/70"
      />
      {cell}
    </span>
  );
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

const still = () => () => {};
const never = () => 0;

/** An age that ticks, or the date and time when the person chose absolute times (then nothing ticks). */
export function Age({ timestamp }: { timestamp: string | undefined }) {
  const absolute = usePreference('timeFormat') === 'absolute';
  const now = useSyncExternalStore(absolute ? still : clock.subscribe, absolute ? never : clock.now);
  return (
    <time
      dateTime={timestamp}
      title={timestamp ? formatDateTime(timestamp) : undefined}
      className="truncate tabular-nums text-slate-600"
    >
      {absolute ? formatShortDateTime(timestamp) : formatAge(timestamp, now)}
    </time>
  );
}

export function Gpu({ object }: { object: TableItem }) {
  const { type, count } = gpuOf(object);
  if (!type || count === 0) return <span className="text-slate-300">—</span>;
  return (
    <span
      data-peek=""
      tabIndex={-1}
      className={clsx(
        'max-w-full truncate rounded bg-violet-50 px-1.5 py-px text-xs font-medium text-violet-700 ring-1 ring-violet-600/15 ring-inset',
        STOP,
      )}
    >
      <span className="tabular-nums">{count}×</span> {type}
    </span>
  );
}

/** The controlling owner (a Pipeline's Job), or else who created the object. */
export function ownerOf(object: { readonly metadata: ObjectMeta }): { text: string; title: string } | undefined {
  const controller = object.metadata.ownerReferences?.find((r) => r.controller) ?? object.metadata.ownerReferences?.[0];
  if (controller)
    return {
      text: `${controller.kind}/${controller.name}`,
      title: `Owned by ${controller.kind} ${controller.name}: deleted with it`,
    };
  const creator = object.metadata.labels?.[LABEL_CREATED_BY];
  return creator ? { text: creator, title: `Created by ${creator} (${LABEL_CREATED_BY})` } : undefined;
}

export function Owner({ object }: { object: TableItem }) {
  const owner = ownerOf(object);
  if (!owner) return <span className="text-slate-300">—</span>;
  // Always worth a look: the tooltip says what the owner means as well as its whole name.
  return (
    <span
      data-peek={`${owner.text}\n${owner.title}`}
      data-peek-always=""
      tabIndex={-1}
      className={clsx('truncate rounded-sm text-slate-600', STOP)}
    >
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

/** Chips shown per row; the rest are counted in "+N", and all of them are in its tooltip. */
const CHIPS = 2;

export function LabelChips({ labels }: { labels: Record<string, string> | undefined }) {
  const filter = useContext(LabelFilterContext);
  const entries = Object.entries(labels ?? {});
  const shown = entries.filter(([k]) => !isSystemLabel(k)).slice(0, CHIPS);
  const more = entries.length - shown.length;
  return (
    <span className="flex min-w-0 items-center gap-1">
      {shown.map(([key, value]) => {
        const active = filter?.has(key, value) ?? false;
        return (
          <button
            key={key}
            type="button"
            data-peek={`${key}=${value}`}
            // Reached from the row with Left and Right, not with Tab: a row is one stop however many labels it has.
            tabIndex={-1}
            aria-pressed={active}
            onClick={() => filter?.add(key, value)}
            className={clsx(
              'min-w-[2.75rem] shrink truncate rounded px-1.5 py-px font-mono text-[11px] leading-4 ring-1 ring-inset transition-colors',
              STOP,
              active
                ? 'bg-indigo-50 text-indigo-700 ring-indigo-500/30'
                : 'bg-slate-50 text-slate-600 ring-slate-500/15 hover:bg-indigo-50 hover:text-indigo-700 hover:ring-indigo-500/30',
            )}
          >
            {/* Named by its text, never by an aria-label that the ellipsis could leave disagreeing with it. */}
            <span className="sr-only">Filter by label </span>
            {key}
            <span className="text-slate-400">=</span>
            {value}
          </button>
        );
      })}
      {more > 0 ? (
        <span
          data-peek={entries.map(([k, v]) => `${k}=${v}`).join('\n')}
          data-peek-always=""
          tabIndex={-1}
          aria-label={`${more} more label${more === 1 ? '' : 's'}`}
          className={clsx(
            'shrink-0 rounded-sm px-0.5 text-[11px] font-medium text-slate-600 hover:text-slate-900',
            STOP,
          )}
        >
          +{more}
        </span>
      ) : null}
    </span>
  );
}
