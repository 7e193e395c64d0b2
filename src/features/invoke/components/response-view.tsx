/**
 * One invocation's outcome. The Function's answer (whatever its status code: a 500 is the Function's own error)
 * shows its status, latency, body and headers, and the ids to quote; the API's refusal is the console's usual
 * Status panel (reason, fix, requestId), so the two never look alike.
 */
import { clsx } from 'clsx';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { ApiError } from '@/data/client/index.ts';
import type { Invocation, RefusalView } from '../model/history.ts';
import { formatLatency, shownBody, toneOf, type Tone } from '../model/response.ts';
import { Card } from '@/components/ui/card.tsx';

const TONES: Record<Tone, string> = {
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  redirect: 'bg-sky-50 text-sky-700 ring-sky-200',
  client: 'bg-amber-50 text-amber-800 ring-amber-200',
  server: 'bg-rose-50 text-rose-700 ring-rose-200',
};

function refusalError(s: RefusalView): ApiError {
  return new ApiError(
    {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      code: s.code,
      reason: s.reason,
      message: s.message,
      ...(s.fix ? { fix: s.fix } : {}),
      ...(s.docs ? { docs: s.docs } : {}),
      ...(s.requestId ? { requestId: s.requestId } : {}),
      ...(s.causes?.length ? { details: { causes: s.causes } } : {}),
    },
    { requestId: s.requestId, fromServer: true },
  );
}

function Meta({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 flex min-w-0 items-center gap-1.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function ResponseView({ invocation, sending }: { invocation: Invocation | undefined; sending: boolean }) {
  if (!invocation) {
    return (
      <Card title="Response">
        <p className="px-4 py-10 text-center text-sm text-slate-500">
          {sending ? 'Waiting for the Function…' : 'Send a request to see what the Function answers.'}
        </p>
      </Card>
    );
  }
  const r = invocation.result;
  if (r.kind === 'refused') {
    return (
      <Card title="Response" aside={<span className="text-xs text-slate-500">The API refused the request</span>}>
        <div className="p-4">
          <p className="mb-3 text-sm text-slate-600">The Function never saw this request and nothing was charged.</p>
          <ErrorPanel error={refusalError(r.status)} title="The API refused the invocation" />
        </div>
      </Card>
    );
  }
  if (r.kind !== 'answer') {
    return (
      <Card title="Response">
        <p role="status" className="px-4 py-8 text-center text-sm text-slate-600">
          {r.kind === 'cancelled'
            ? 'Cancelled: the console stopped waiting. The Function may still have run, and been charged.'
            : `The API could not be reached: ${r.message}`}
        </p>
      </Card>
    );
  }
  const body = shownBody(r.contentType, r.bodyText);
  return (
    <Card title="Response" aside={<span className="text-xs text-slate-500">answered by the Function</span>}>
      <div className="space-y-4 p-4">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
          <Meta label="Status">
            <span
              data-testid="invoke-status"
              className={clsx(
                'rounded-md px-2 py-0.5 font-mono text-sm font-semibold ring-1 ring-inset',
                TONES[toneOf(r.status)],
              )}
            >
              {r.status} {r.statusText}
            </span>
          </Meta>
          <Meta label="Latency">
            <span className="tabular-nums">{formatLatency(invocation.latencyMs)}</span>
          </Meta>
          <Meta label="In the Function">
            <span className="tabular-nums">{r.durationMs !== undefined ? formatLatency(r.durationMs) : '—'}</span>
          </Meta>
          <Meta label="Charged">
            <span className="tabular-nums">{r.chargedUSD ? `$${r.chargedUSD}` : '—'}</span>
          </Meta>
        </dl>
        <div>
          <p className="text-xs font-medium text-slate-700">
            Body{' '}
            <span className="font-normal text-slate-500">
              {r.contentType ?? 'no content type'}
              {r.truncated ? ' · cut to the first 64 KB in the history' : ''}
            </span>
          </p>
          <pre
            data-testid="invoke-body"
            className={clsx(
              'mt-1 max-h-96 overflow-auto rounded-md border px-3 py-2 font-mono text-[13px] leading-5 break-words whitespace-pre-wrap',
              toneOf(r.status) === 'server' ? 'border-rose-200 bg-rose-50/40' : 'border-slate-200 bg-slate-50',
            )}
          >
            {body.text || <span className="text-slate-400">(empty body)</span>}
          </pre>
        </div>
        <details className="group">
          <summary className="cursor-pointer text-xs font-medium text-slate-700 select-none">
            Headers <span className="font-normal text-slate-500">({r.headers.length})</span>
          </summary>
          <table className="mt-1 w-full text-left font-mono text-xs">
            <tbody className="divide-y divide-slate-100">
              {r.headers.map(([k, v]) => (
                <tr key={k}>
                  <th scope="row" className="py-1 pr-3 align-top font-medium whitespace-nowrap text-slate-500">
                    {k}
                  </th>
                  <td className="py-1 break-all text-slate-800">{v}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
        <dl className="flex flex-wrap items-center gap-x-5 gap-y-2 border-t border-slate-100 pt-3 text-xs">
          {r.requestId ? (
            <div className="flex min-w-0 items-center gap-2">
              <dt className="font-medium text-slate-500">Request ID</dt>
              <dd className="flex min-w-0 items-center gap-2">
                <code
                  data-testid="request-id"
                  className="truncate rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800 select-all"
                >
                  {r.requestId}
                </code>
                <CopyButton value={r.requestId} label="Copy request ID" />
              </dd>
            </div>
          ) : null}
          <div className="flex min-w-0 items-center gap-2">
            <dt className="font-medium text-slate-500">Invocation</dt>
            <dd>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800 select-all">
                {r.invocationId}
              </code>
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}
