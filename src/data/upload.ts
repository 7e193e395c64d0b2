/**
 * Uploads through the context in use: its API URL and key, read when the upload starts, and the call recorded
 * for the Support panel like every other (method, path, status, requestId; never a header).
 */
import { putBytes, type UploadAnswer, type UploadOptions } from './client/index.ts';
import { useCallLog } from './call-log/call-log-store.ts';
import { newCallId } from './call-log/record-fetch.ts';
import { activeApiKey, activeContext, useConnectionStore } from './connection-store.ts';

export function uploadBytes(path: string, body: Blob, options: UploadOptions = {}): Promise<UploadAnswer> {
  const state = useConnectionStore.getState();
  const startedAt = Date.now();
  const started = performance.now();
  const id = newCallId();
  return putBytes(
    { baseUrl: activeContext(state).apiUrl, apiKey: () => activeApiKey(useConnectionStore.getState()) || undefined },
    path,
    body,
    {
      ...options,
      onAnswer: (answer) => {
        useCallLog.getState().add({
          id,
          startedAt,
          method: 'PUT',
          path,
          status: answer.status,
          reason: answer.reason,
          requestId: answer.requestId,
          durationMs: Math.round(performance.now() - started),
          watch: false,
        });
        options.onAnswer?.(answer);
      },
    },
  );
}
