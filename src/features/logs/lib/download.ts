/**
 * Download of the whole log from the server (not what the viewer holds): a streamed GET into a Blob, with progress
 * and cancel (the signal). The bytes are kept as the server sent them (no decoding), so the file is the log.
 */
import type { ApiClient } from '@/data/client/index.ts';

export interface DownloadProgress {
  bytes: number;
  lines: number;
  /** Content-Length, when the server sent one. */
  totalBytes: number | undefined;
}

export async function fetchWholeLog(
  client: Pick<ApiClient, 'stream'>,
  path: string,
  options: { timestamps: boolean; signal: AbortSignal; onProgress: (progress: DownloadProgress) => void },
): Promise<{ blob: Blob; lines: number }> {
  const stream = await client.stream(path, {
    params: { timestamps: options.timestamps || undefined },
    signal: options.signal,
  });
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  let last = 0;
  let endsWithNewline = true;
  for await (const chunk of stream) {
    parts.push(chunk);
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    if (chunk.length > 0) endsWithNewline = chunk[chunk.length - 1] === 10;
    // Progress a few times a second at most: a re-render per network chunk would slow the download.
    const now = Date.now();
    if (now - last > 100) {
      last = now;
      options.onProgress({ bytes, lines, totalBytes: stream.contentLength });
    }
  }
  if (!endsWithNewline) lines++;
  options.onProgress({ bytes, lines, totalBytes: stream.contentLength });
  return { blob: new Blob(parts as BlobPart[], { type: 'text/plain;charset=utf-8' }), lines };
}
