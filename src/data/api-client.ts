/**
 * The console's one API client. It follows the context in use (connection-store.ts): requests go to that
 * context's API URL with its key, read afresh on every request, and every call is recorded for the Support
 * panel through the `fetch` it is given (call-log/record-fetch.ts). Lists are foreground loads (foreground.ts):
 * the counts wait for them. A list's pages after the first are fetched by a worker (page-fetch/), loaded when due.
 */
import { createApiClient, type ApiClient } from './client/index.ts';
import { useCallLog } from './call-log/call-log-store.ts';
import { createRecordingFetch } from './call-log/record-fetch.ts';
import { foreground } from './foreground.ts';
import { activeApiKey, activeContext, useConnectionStore } from './connection-store.ts';

const record = (transport: typeof fetch) => createRecordingFetch(() => useCallLog.getState(), transport);
const recordingFetch = record((input, init) => globalThis.fetch(input, init));

const clients = new Map<string, ApiClient>();

function current(): ApiClient {
  const baseUrl = activeContext(useConnectionStore.getState()).apiUrl;
  let client = clients.get(baseUrl);
  if (!client) {
    // A list's later pages are fetched by a worker (page-fetch/page-fetcher.ts says why).
    client = createApiClient({
      baseUrl,
      apiKey: () => activeApiKey(useConnectionStore.getState()) || undefined,
      fetch: recordingFetch,
      record,
      pageTransport: lazyPageTransport(),
    });
    clients.set(baseUrl, client);
  }
  return client;
}

/**
 * The list pages' worker and its code come with the first list that has a second page: a server that streams
 * lists (stream-list.ts) never needs them, and the first view's JavaScript is smaller without them.
 */
function lazyPageTransport(): typeof fetch | undefined {
  if (typeof Worker === 'undefined') return undefined;
  let transport: Promise<typeof fetch> | undefined;
  return async (input, init) => {
    transport ??= import('./page-fetch/page-transport.ts').then(
      (m) => m.pageTransport() ?? globalThis.fetch,
      () => globalThis.fetch,
    );
    return (await transport)(input, init);
  };
}

export const apiClient: ApiClient = {
  get baseUrl() {
    return current().baseUrl;
  },
  request: (path, options) => current().request(path, options),
  get: (path, options) => current().get(path, options),
  list: (path, options) => foreground(current().list(path, options)),
  watch: (path, options) => current().watch(path, options),
  stream: (path, options) => current().stream(path, options),
  invoke: (path, options) => current().invoke(path, options),
};
