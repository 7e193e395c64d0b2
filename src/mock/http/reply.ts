/** What a handler answers with: status code, body and extra headers. Every layer that answers a request uses it. */
export interface Reply {
  code: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Warnings for the client (kubectl prints them), as the Warning header carries them. */
export function warningHeaders(warnings: string[]): Record<string, string> {
  return warnings.length ? { Warning: warnings.map((w) => `299 - "${w.replace(/"/g, "'")}"`).join(', ') } : {};
}
