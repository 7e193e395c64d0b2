/** What a handler answers with: status code, body and extra headers. Every layer that answers a request uses it. */
export interface Reply {
  code: number;
  body: unknown;
  headers?: Record<string, string>;
}
