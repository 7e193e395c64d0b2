/**
 * The log of one object: the last lines first, older ones on request, followed live while the object runs (or
 * waits to start), searchable, with timestamps and wrap toggles and a download of the whole log. At most
 * CAPACITY lines are held in the browser, so a log of millions of lines followed for hours keeps the tab's
 * memory flat; the footer says so and offers Load older and Download.
 */
import { clsx } from 'clsx';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { resourcePath, type KindInfo } from '@/data/client/index.ts';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { apiClient } from '@/data/api-client.ts';
import { leaseStream } from '@/data/stream-lease.ts';
import { LogSession, lifeOf } from '../lib/log-session.ts';
import { lowerBound, useLogSearch } from '../lib/use-log-search.ts';
import { DownloadButton } from './download-button.tsx';
import { LogFooter } from './log-footer.tsx';
import { LogRows } from './log-rows.tsx';
import { LogToolbar, type Tail } from './log-toolbar.tsx';
import { formatCount } from '@/lib/format.ts';

export interface LogViewerProps {
  kind: KindInfo;
  project: string;
  name: string;
  /** status.phase as the detail view last saw it: the viewer follows while it is Running. */
  phase: string | undefined;
}

/** Lines held in the browser at most (a ring): about 15–30 MB for typical lines. */
export const CAPACITY = 100_000;
/** Lines asked for first, and per Load older. */
const DEFAULT_TAIL: Tail = 5000;
const PAGE_SIZE = 5000;

export function LogViewer({ kind, project, name, phase }: LogViewerProps) {
  const path = `${resourcePath(kind, kind.plural, { namespace: project, name })}/log`;
  const [tail, setTail] = useState<Tail>(DEFAULT_TAIL);
  // A new session after Load older pushed the newest lines out and the person asks for the latest again.
  const [generation, setGeneration] = useState(0);
  const phaseRef = useRef(phase);
  const session = useMemo(
    () =>
      new LogSession({
        client: apiClient,
        path,
        tail,
        capacity: CAPACITY,
        pageSize: PAGE_SIZE,
        phase: () => phaseRef.current,
        lease: (signal, waiting) => leaseStream(`the log of ${name}`, signal, waiting),
      }),
    // `generation` asks for a fresh session on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [path, tail, generation],
  );
  useEffect(() => {
    session.start();
    return () => session.dispose();
  }, [session]);
  useEffect(() => {
    phaseRef.current = phase;
    session.phaseChanged();
  }, [phase, session]);
  const version = useSyncExternalStore(session.subscribe, session.getVersion);

  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [onlyMatching, setOnlyMatching] = useState(false);
  const [timestamps, setTimestamps] = useState(false);
  const [wrap, setWrap] = useState(false);
  const [stuck, setStuck] = useState(true);
  const [activeSeq, setActiveSeq] = useState<number | undefined>(undefined);
  const [revealToken, setRevealToken] = useState(0);
  // Lines received when following paused: the "N new lines" of the Jump button.
  const [pausedAt, setPausedAt] = useState<number | undefined>(undefined);

  const matches = useLogSearch(session, version, deferredQuery);
  const active =
    activeSeq !== undefined && deferredQuery !== '' && session.ring.bySeq(activeSeq) !== undefined
      ? activeSeq
      : undefined;
  const position = active === undefined ? 0 : lowerBound(matches, active) + 1;

  const onStuckChange = useCallback(
    (next: boolean) => {
      setStuck(next);
      setPausedAt(next ? undefined : session.received);
    },
    [session],
  );

  const go = (direction: 1 | -1): void => {
    if (matches.length === 0) return;
    let index: number;
    if (active === undefined) index = direction === 1 ? 0 : matches.length - 1;
    else {
      const at = lowerBound(matches, active);
      index = (at + direction + matches.length) % matches.length;
    }
    setActiveSeq(matches[index]);
    onStuckChange(false);
    setRevealToken((t) => t + 1);
  };

  const jumpToLatest = (): void => {
    if (session.newestTrimmed) setGeneration((g) => g + 1);
    onStuckChange(true);
  };

  const status = session.status;
  const life = lifeOf(phase);
  const empty = session.ring.size === 0 && session.received === 0;
  const newLines = pausedAt === undefined ? 0 : session.received - pausedAt;

  return (
    <section
      aria-label={`Log of ${kind.kind} ${name}`}
      className="relative flex h-[70vh] min-h-96 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <LogToolbar
        query={query}
        onQuery={(q) => {
          setQuery(q);
          setActiveSeq(undefined);
        }}
        matchCount={matches.length}
        matchPosition={position}
        onNext={() => go(1)}
        onPrevious={() => go(-1)}
        onlyMatching={onlyMatching}
        onOnlyMatching={setOnlyMatching}
        timestamps={timestamps}
        onTimestamps={setTimestamps}
        wrap={wrap}
        onWrap={setWrap}
        tail={tail}
        onTail={(t) => {
          setTail(t);
          onStuckChange(true);
        }}
        download={<DownloadButton path={path} name={name} timestamps={timestamps} />}
      />
      {status.kind === 'error' ? (
        <div className="border-b border-slate-200 p-3">
          <ErrorPanel
            error={status.error}
            title={`Could not read the log of ${kind.kind} ${name}`}
            onRetry={() => setGeneration((g) => g + 1)}
          />
        </div>
      ) : null}
      {session.older.error ? (
        <div className="border-b border-slate-200 p-3">
          <ErrorPanel
            error={session.older.error}
            title="Could not load older lines"
            onRetry={() => void session.loadOlder()}
            compact
          />
        </div>
      ) : null}
      <LogRows
        session={session}
        version={version}
        rows={onlyMatching && deferredQuery !== '' ? matches : undefined}
        query={deferredQuery}
        activeSeq={active}
        showTimestamps={timestamps}
        wrap={wrap}
        stuck={stuck}
        onStuckChange={onStuckChange}
        revealToken={revealToken}
        label={`Log of ${kind.kind} ${name}`}
      >
        {empty && status.kind !== 'error' ? <EmptyLog status={status.kind} life={life} kind={kind.kind} /> : null}
        {onlyMatching && deferredQuery !== '' && matches.length === 0 && !empty ? (
          <p className="absolute inset-x-0 top-8 text-center text-sm text-slate-400">
            No line holds “{deferredQuery}”.
          </p>
        ) : null}
        {!stuck ? (
          <button
            type="button"
            onClick={jumpToLatest}
            className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-4 py-1.5 text-xs font-medium text-white shadow-lg ring-1 ring-indigo-400/50 hover:bg-indigo-700"
          >
            {newLines > 0
              ? `Jump to latest · ${formatCount(newLines)} new ${newLines === 1 ? 'line' : 'lines'}`
              : 'Jump to latest'}
          </button>
        ) : null}
      </LogRows>
      <LogFooter
        session={session}
        status={status}
        stuck={stuck}
        capacity={CAPACITY}
        onLoadOlder={() => void session.loadOlder()}
      />
    </section>
  );
}

function EmptyLog({ status, life, kind }: { status: string; life: string; kind: string }) {
  const [title, detail] =
    status === 'loading'
      ? ['Loading the log…', '']
      : status === 'queued'
        ? ['Waiting for a connection', 'Other tabs follow logs on every connection this browser keeps for streams.']
        : status === 'waiting' || life === 'waiting'
          ? [
              `The ${kind} is waiting to start`,
              'Its log appears here as soon as it runs: the view follows it from the first line.',
            ]
          : status === 'following'
            ? ['No output yet', 'Lines appear here as they are written.']
            : ['No output', `The ${kind} wrote nothing to its log.`];
  return (
    <div
      className={clsx(
        'pointer-events-none absolute inset-0 flex flex-col items-center justify-center text-center',
        status === 'loading' && 'animate-pulse',
      )}
    >
      <p className="text-sm font-medium text-slate-300">{title}</p>
      {detail ? <p className="mt-1 max-w-sm text-xs text-slate-400">{detail}</p> : null}
    </div>
  );
}
