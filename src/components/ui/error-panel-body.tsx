/**
 * Shows a failure the way the API sent it: reason, HTTP code, message, causes, fix, a docs link and the
 * requestId with a copy button (every error a user sees carries all of these). Text only; nothing
 * from the API is ever rendered as HTML, and each piece of it sits in a <bdi>, so that bidirectional controls in
 * it (U+202E…) cannot reorder the text around it. A long word breaks rather than widening the page.
 */
import { clsx } from 'clsx';
import type { StatusCause } from '@/shared/protocol.ts';
import { isApiError } from '@/data/client/index.ts';
import { CopyButton } from './copy-button.tsx';
import { AlertIcon, ExternalLinkIcon, RefreshIcon } from './icons.tsx';
import { safeHref } from './safe-href.ts';

interface ErrorView {
  reason: string;
  code: number | undefined;
  message: string;
  causes: StatusCause[];
  fix: string | undefined;
  docs: string | undefined;
  requestId: string | undefined;
}

function toView(error: unknown): ErrorView {
  if (isApiError(error)) {
    return {
      reason: error.reason,
      code: error.code || undefined,
      message: error.message,
      causes: error.causes,
      fix: error.fix,
      // Only an http(s) link is ever followed (safe-href.ts): the API's text is data, not code.
      docs: safeHref(error.docs),
      requestId: error.requestId,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    reason: error instanceof Error ? error.name : 'Error',
    code: undefined,
    message: message || 'Something went wrong in the console.',
    causes: [],
    fix: 'Reload the page; if it happens again, report what you did.',
    docs: undefined,
    requestId: undefined,
  };
}

export interface ErrorPanelProps {
  error: unknown;
  /** What the console was doing, e.g. "Could not list jobs". */
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
  /** Inside a card that already draws the frame. */
  embedded?: boolean;
  /** For narrow places such as the sidebar: everything stacks and nothing is truncated. */
  compact?: boolean;
  className?: string;
}

export function ErrorPanel({ error, title, onRetry, retrying, embedded, compact, className }: ErrorPanelProps) {
  const view = toView(error);
  const retry = onRetry ? (
    <button
      type="button"
      onClick={onRetry}
      disabled={retrying}
      className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-slate-200 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
    >
      <RefreshIcon className={clsx('size-3.5', retrying && 'animate-spin')} />
      {retrying ? 'Retrying…' : 'Retry'}
    </button>
  ) : null;

  return (
    <section
      role="alert"
      aria-label={title ?? view.reason}
      className={clsx(
        'bg-white text-left',
        !embedded && 'overflow-hidden rounded-lg border border-rose-200 shadow-sm',
        className,
      )}
    >
      <div
        className={clsx(
          'flex items-start border-b border-rose-100 bg-rose-50/60',
          compact ? 'gap-2 px-3 py-2.5' : 'gap-3 px-4 py-3',
        )}
      >
        <AlertIcon className={clsx('mt-0.5 shrink-0 text-rose-600', compact ? 'size-4' : 'size-5')} />
        <div className="min-w-0 flex-1">
          {title ? <p className="text-sm font-semibold text-slate-900">{title}</p> : null}
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <bdi className="font-mono font-semibold break-all text-rose-700">{view.reason}</bdi>
            {view.code ? (
              <span className="rounded bg-rose-100 px-1.5 py-0.5 font-mono text-xs text-rose-700">
                HTTP {view.code}
              </span>
            ) : null}
          </p>
        </div>
        {compact ? null : retry}
      </div>

      <div className={clsx('space-y-3 text-sm', compact ? 'px-3 py-2.5' : 'px-4 py-3')}>
        <dl className="space-y-3">
          <div>
            <dt className="sr-only">Message</dt>
            <dd className="break-words text-slate-800">
              <bdi>{view.message}</bdi>
            </dd>
          </div>
          {view.causes.length > 0 ? (
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Causes</dt>
              <dd>
                <ul className="mt-1 space-y-1">
                  {view.causes.map((cause, i) => (
                    <li key={`${cause.field ?? ''}-${i}`} className="flex flex-wrap gap-x-2 text-slate-700">
                      {cause.field ? (
                        <code className="rounded bg-slate-100 px-1 font-mono text-xs leading-5 break-all text-slate-800">
                          <bdi>{cause.field}</bdi>
                        </code>
                      ) : null}
                      <bdi className="min-w-0 break-words">{cause.message}</bdi>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
          {view.fix ? (
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">How to fix</dt>
              <dd className="mt-0.5 break-words text-slate-700">
                <bdi>{view.fix}</bdi>
              </dd>
            </div>
          ) : null}
        </dl>
        {view.docs || view.requestId ? (
          <dl
            className={clsx(
              'flex gap-3 border-t border-slate-100 pt-3',
              compact ? 'flex-col' : 'flex-wrap items-center justify-between',
            )}
          >
            {view.requestId ? (
              <div className={clsx('flex min-w-0 gap-2', compact ? 'flex-col' : 'items-center')}>
                <dt className="text-xs font-medium text-slate-500">Request ID</dt>
                <dd className="flex min-w-0 items-center gap-2">
                  <code
                    data-testid="request-id"
                    className={clsx(
                      'rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 select-all',
                      compact ? 'break-all' : 'truncate',
                    )}
                  >
                    <bdi>{view.requestId}</bdi>
                  </code>
                  <CopyButton value={view.requestId} label="Copy request ID" className="shrink-0" />
                </dd>
              </div>
            ) : null}
            {view.docs ? (
              <div>
                <dt className="sr-only">Documentation</dt>
                <dd>
                  <a
                    href={view.docs}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-xs font-medium text-indigo-600 hover:text-indigo-500 hover:underline"
                  >
                    Read about {view.reason}
                    <ExternalLinkIcon className="size-3.5" />
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </div>
      {compact && retry ? <div className="px-3 pb-3">{retry}</div> : null}
    </section>
  );
}
