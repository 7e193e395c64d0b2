/**
 * What the Support panel shows, loaded the first time the panel opens (the table's first view does not need it):
 * where the console is pointed, the live lists, the recent calls and the report.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { isFailure, useCallLog } from '@/data/call-log/call-log-store.ts';
import { buildSupportReport } from '@/data/call-log/support-report.ts';
import { activeContext, apiUrlLabel, useConnectionStore } from '@/data/connection-store.ts';
import { CallTable } from './call-table.tsx';
import { LiveWatches } from './live-watches.tsx';

export default function SupportBody({ health, focus }: { health: string; focus: string | undefined }) {
  const calls = useCallLog((s) => s.calls);
  const clear = useCallLog((s) => s.clear);
  const connection = useConnectionStore();
  const context = activeContext(connection);
  const location = useLocation();
  const [failuresOnly, setFailuresOnly] = useState(false);
  const failures = calls.filter(isFailure).length;
  const shown = failuresOnly ? calls.filter(isFailure) : calls;
  const found = focus !== undefined && calls.some((c) => c.requestId === focus);

  const report = buildSupportReport({
    calls,
    context: { name: context.name, apiUrl: apiUrlLabel(context), org: context.org },
    health,
    page: `${location.pathname}${location.search}`,
    userAgent: navigator.userAgent,
    now: Date.now(),
    secrets: Object.values(connection.keys),
  });

  return (
    <div className="space-y-5 px-5 py-4">
      <section
        aria-label="Support report"
        className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-indigo-100 bg-indigo-50/50 px-4 py-3"
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Context</dt>
          <dd className="font-medium text-slate-900">
            {context.name}
            {context.org ? <span className="font-normal text-slate-500"> · org {context.org}</span> : null}
          </dd>
          <dt className="text-slate-500">API</dt>
          <dd className="font-mono text-[13px] text-slate-800">{apiUrlLabel(context)}</dd>
          <dt className="text-slate-500">Health</dt>
          <dd className="text-slate-800">{health}</dd>
        </dl>
        <div className="flex flex-col items-end gap-1">
          <CopyButton
            value={report}
            label="Copy support report"
            text="Copy support report"
            className="px-3 py-1.5 text-sm"
          />
          <p className="text-xs text-slate-500">Request IDs and times; never your API key.</p>
        </div>
      </section>

      {focus !== undefined ? (
        <p
          role="status"
          aria-label="The request asked about"
          className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700"
        >
          Request <code className="font-mono text-slate-900">{focus}</code>{' '}
          {found
            ? 'is marked among the recent calls below.'
            : 'was not made from this tab (or is older than the calls kept here). Quote it to support: it names the call on the server.'}{' '}
          <CopyButton value={focus} label={`Copy request ID ${focus}`} className="px-1.5 py-0.5 text-xs" />
        </p>
      ) : null}

      <LiveWatches />

      <section aria-label="Recent API calls">
        <div className="mb-2 flex items-center justify-between gap-3">
          <h3 className="text-sm font-semibold text-slate-900">
            Recent API calls{' '}
            <span className="font-normal text-slate-500">
              ({calls.length}, {failures} failed)
            </span>
          </h3>
          <div className="flex items-center gap-3 text-sm">
            <label className="flex items-center gap-1.5 text-slate-600">
              <input
                type="checkbox"
                checked={failuresOnly}
                onChange={(e) => setFailuresOnly(e.target.checked)}
                className="accent-indigo-600"
              />
              Failures only
            </label>
            <button
              type="button"
              onClick={clear}
              className="rounded-md px-2 py-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              Clear
            </button>
          </div>
        </div>
        <CallTable calls={shown} focus={focus} />
      </section>
    </div>
  );
}
