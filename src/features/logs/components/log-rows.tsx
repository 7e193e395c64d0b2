/**
 * The scrolling pane of a log (role="log", aria-live off: a flood must not be read out line by line). Virtualized:
 * only the rows on screen exist in the DOM, and only they are parsed for ANSI codes (memoised per text). While
 * `stuck`, every batch scrolls to the end; scrolling up unsticks it (the parent shows "Jump to latest"). When lines
 * come or go at the top (the ring evicting, Load older), the row at the top of the pane stays where it was.
 * Both scrollbars always show: a 10 kB line scrolling in and out of the window would otherwise add and remove the
 * horizontal one, changing the pane's height under the "at the end" test; the browser's own scroll anchoring is off.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { memo, useCallback, useLayoutEffect, useRef, type CSSProperties } from 'react';
import { formatLogTime } from '../lib/log-time.ts';
import { RowSlots } from '@/lib/row-slots.ts';
import { matchesShortcut } from '@/lib/shortcuts.ts';
import { highlight, segmentsOf } from '../lib/ansi.ts';
import type { LogLine } from '../lib/log-line.ts';
import type { LogSession } from '../lib/log-session.ts';

export const ROW_HEIGHT = 20;
/** Rows drawn beyond the screen while following the end. */
const FOLLOW_OVERSCAN = 2;
/** How close to the end (px) still counts as "at the end". */
const STICK_SLACK = 8;

export interface LogRowsProps {
  session: LogSession;
  version: number;
  /** Sequence numbers to show (only matching lines), or undefined for every held line. */
  rows: readonly number[] | undefined;
  query: string;
  activeSeq: number | undefined;
  showTimestamps: boolean;
  wrap: boolean;
  stuck: boolean;
  onStuckChange: (stuck: boolean) => void;
  /** Bumped to scroll the active match into view. */
  revealToken: number;
  label: string;
  children?: React.ReactNode;
}

interface RowProps {
  line: LogLine;
  query: string;
  active: boolean;
  showTimestamps: boolean;
  wrap: boolean;
}

const LogRow = memo(function LogRow({ line, query, active, showTimestamps, wrap }: RowProps) {
  const pieces = highlight(segmentsOf(line.text), query);
  return (
    <div
      className={clsx(
        'flex px-3',
        wrap ? 'whitespace-pre-wrap break-all' : 'whitespace-pre',
        active && 'bg-indigo-500/25 shadow-[inset_2px_0_0_0_rgb(129,140,248)]',
      )}
    >
      {showTimestamps && line.ts ? (
        <span data-log-time title={line.ts} className="mr-3 w-[23ch] shrink-0 select-none text-slate-500 tabular-nums">
          {formatLogTime(line.ts)}
        </span>
      ) : null}
      {/* Isolated (a <bdi> would do, but the pane holds only div, span and mark): bidirectional controls in a
          line (U+202E…) reorder that line only. */}
      <span className="min-w-0 [unicode-bidi:isolate]">
        {pieces.length === 0 ? '\u200b' : null}
        {pieces.map((piece, i) => {
          const style: CSSProperties | undefined =
            piece.color || piece.background ? { color: piece.color, backgroundColor: piece.background } : undefined;
          return piece.match ? (
            <mark key={i} className={clsx(piece.className, 'rounded-sm bg-amber-300 text-slate-950')}>
              {piece.text}
            </mark>
          ) : (
            <span key={i} className={piece.className} style={style}>
              {piece.text}
            </span>
          );
        })}
      </span>
    </div>
  );
});

export function LogRows({
  session,
  version,
  rows,
  query,
  activeSeq,
  showTimestamps,
  wrap,
  stuck,
  onStuckChange,
  revealToken,
  label,
  children,
}: LogRowsProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const count = rows ? rows.length : session.ring.size;
  const seqAt = useCallback(
    (index: number): number => (rows ? (rows[index] ?? -1) : session.ring.headSeq + index),
    [rows, session],
  );
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    // Following, the pane sits at the end and every batch replaces its rows: rows drawn beyond the screen would
    // be rebuilt each frame and never seen. Scrolling up unsticks it first, which brings the full overscan back.
    overscan: stuck ? FOLLOW_OVERSCAN : 12,
    // Wrapped rows are measured, and a measurement belongs to a line (its sequence number), so the keys are
    // renewed each render. Unwrapped rows all have ROW_HEIGHT: the index keys let the virtualizer keep its
    // per-row pass (100,000 rows) from one render to the next instead of redoing it every frame of a flood.
    // Everything else here reads the sequence number from the index (seqAt).
    ...(wrap ? { getItemKey: (index: number) => seqAt(index) } : {}),
  });
  const rowSlots = useRef<RowSlots | null>(null);
  // Where the pane was: the sequence number of the top row and how far it was scrolled past it.
  const anchor = useRef<{ seq: number; offset: number } | undefined>(undefined);
  const programmatic = useRef(false);
  // Set in the last layout effect; read before the next commit, when the DOM still shows the previous rows.
  const indexOf = useRef<(seq: number) => number>(() => -1);
  const seqOf = useRef<(index: number) => number>(() => -1);

  const scrollTo = useCallback((top: number) => {
    const el = scroller.current;
    if (!el) return;
    programmatic.current = true;
    el.scrollTop = top;
    // A scroll that changed nothing fires no event: never let the flag swallow the person's next scroll.
    requestAnimationFrame(() => {
      programmatic.current = false;
    });
  }, []);

  // During a flood a batch may scroll back to the end before the person's scroll event arrives: their intent
  // (wheel up, a key that moves up) pauses following at once.
  const onWheel = useCallback(
    (event: React.WheelEvent) => {
      if (event.deltaY < 0 && stuck) onStuckChange(false);
    },
    [stuck, onStuckChange],
  );
  const onKeyDown = useCallback(
    (event: React.KeyboardEvent) => {
      if (stuck && matchesShortcut(event, 'log.stopFollowing')) onStuckChange(false);
    },
    [stuck, onStuckChange],
  );

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const top = Math.floor(el.scrollTop / ROW_HEIGHT);
    const item = virtualizer.getVirtualItems().find((v) => v.end > el.scrollTop) ?? virtualizer.getVirtualItems()[top];
    if (item) anchor.current = { seq: seqOf.current(item.index), offset: el.scrollTop - item.start };
    if (programmatic.current) {
      programmatic.current = false;
      return;
    }
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_SLACK;
    if (atEnd !== stuck) onStuckChange(atEnd);
  }, [virtualizer, stuck, onStuckChange]);

  // After each batch: follow the end, or keep the row that was at the top where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    indexOf.current = (seq) => (rows ? rows.indexOf(seq) : seq - session.ring.headSeq);
    const head = session.ring.headSeq;
    seqOf.current = (index) => (rows ? (rows[index] ?? -1) : head + index);
    if (stuck) {
      const end = el.scrollHeight - el.clientHeight;
      if (Math.abs(el.scrollTop - end) > 1) scrollTo(end);
      return;
    }
    const a = anchor.current;
    if (!a) return;
    const index = indexOf.current(a.seq);
    if (index < 0) return;
    const target = (virtualizer.getOffsetForIndex(index, 'start')?.[0] ?? index * ROW_HEIGHT) + a.offset;
    if (Math.abs(el.scrollTop - target) > 1) scrollTo(target);
  }, [version, rows, stuck, session, virtualizer, wrap, showTimestamps, scrollTo]);

  // Next / previous match: bring it to the middle of the pane.
  useLayoutEffect(() => {
    if (revealToken === 0 || activeSeq === undefined) return;
    const index = rows ? rows.indexOf(activeSeq) : activeSeq - session.ring.headSeq;
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' });
    // Only a new request reveals: a new batch of lines must not pull the pane back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealToken]);

  const items = virtualizer.getVirtualItems();
  rowSlots.current ??= new RowSlots();
  const slots = rowSlots.current.assign(items.map((item) => String(seqAt(item.index))));
  return (
    // The same dark fill as the lines under it: the messages over them (an empty log, no match) then keep the log's
    // light-on-dark colours in the dark theme too, as the lines do.
    <div className="relative min-h-0 flex-1 bg-slate-950">
      <div
        ref={scroller}
        role="log"
        aria-live="off"
        aria-label={label}
        tabIndex={0}
        onScroll={onScroll}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
        className="h-full overflow-scroll bg-slate-950 [overflow-anchor:none] font-mono text-[12.5px] leading-5 text-slate-200 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-400 [scrollbar-color:theme(colors.slate.700)_transparent]"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: '100%' }}>
          {items.map((item, i) => {
            const seq = seqAt(item.index);
            const line = session.ring.bySeq(seq);
            if (!line) return null;
            // Keyed by slot: a row that scrolls in takes the element of one that left (src/lib/row-slots.ts). Not
            // when wrapping: the virtualizer measures each element once for its line, so each line has its own.
            return (
              <div
                key={wrap ? seq : slots[i]}
                data-index={item.index}
                ref={wrap ? virtualizer.measureElement : undefined}
                className="absolute left-0 top-0 min-w-full"
                style={{ transform: `translateY(${item.start}px)`, height: wrap ? undefined : ROW_HEIGHT }}
              >
                <LogRow
                  line={line}
                  query={query}
                  active={seq === activeSeq}
                  showTimestamps={showTimestamps}
                  wrap={wrap}
                />
              </div>
            );
          })}
        </div>
      </div>
      {children}
    </div>
  );
}
