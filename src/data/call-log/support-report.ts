/**
 * The support report: plain text a user pastes into a ticket, with what support needs to find the failing
 * calls in the server's logs (requestIds, times, reasons) and where the console was pointed. It is built from
 * the call log, which holds no credentials, and any secret passed in is blanked out as a second guard: the
 * mock's own 401 fix text, for one, names the demo key.
 */
import { isFailure, WAITING, type ApiCall } from './call-log-store.ts';

export interface SupportReportInput {
  calls: readonly ApiCall[];
  context: { name: string; apiUrl: string; org: string };
  /** One line, e.g. "degraded (billing) · release abc123". */
  health: string;
  /** The console page the user was on (path and query). */
  page: string;
  userAgent: string;
  now: number;
  /** Values that must never appear in the report (the API keys held in memory). */
  secrets: readonly string[];
}

/** Calls listed in full; the rest are counted. */
export const REPORT_CALLS = 50;

export function buildSupportReport(input: SupportReportInput): string {
  const failures = input.calls.filter(isFailure);
  const shown = input.calls.slice(0, REPORT_CALLS);
  const lines = [
    'Nodus Console support report',
    `Generated:  ${new Date(input.now).toISOString()}`,
    `Page:       ${input.page}`,
    `Context:    ${input.context.name}${input.context.org ? ` (org ${input.context.org})` : ''}`,
    `API:        ${input.context.apiUrl}`,
    `API health: ${input.health}`,
    `Browser:    ${input.userAgent}`,
    '',
    `Failed calls: ${failures.length} of the last ${input.calls.length}`,
    ...failures.slice(0, REPORT_CALLS).map(formatCall),
    '',
    `Recent calls, newest first (${shown.length} of ${input.calls.length}):`,
    ...shown.map(formatCall),
  ];
  return redact(lines.join('\n'), input.secrets);
}

export function formatCall(call: ApiCall): string {
  const status = call.status === 0 ? 'no answer' : call.status === WAITING ? 'waiting' : String(call.status);
  return [
    new Date(call.startedAt).toISOString(),
    call.method.padEnd(6),
    status.padEnd(9),
    (call.reason ?? '').padEnd(20),
    `${call.durationMs} ms`.padStart(8),
    call.requestId ?? '-',
    `${call.path}${call.watch ? ' (watch)' : ''}`,
  ].join('  ');
}

function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}
