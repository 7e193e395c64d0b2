/**
 * A file's download: a streamed GET (the key in a header, as every call sends it), its bytes gathered as they
 * arrive so the view can show how far it got, then handed to the browser as a Blob URL with <a download>. Cancel
 * ends the request.
 */
import { apiClient } from '@/data/api-client.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import { filesPath, type FilesTarget } from './target.ts';

export interface DownloadProgress {
  done: number;
  total: number | undefined;
  startedAt: number;
  at: number;
}

export async function downloadFile(
  target: FilesTarget,
  path: string,
  name: string,
  options: { signal: AbortSignal; onProgress: (progress: DownloadProgress) => void },
): Promise<number> {
  const startedAt = Date.now();
  const stream = await apiClient.stream(filesPath(target, path), { signal: options.signal });
  const parts: Uint8Array[] = [];
  let done = 0;
  let last = 0;
  for await (const chunk of stream) {
    parts.push(chunk);
    done += chunk.length;
    // A few times a second at most: a render per network chunk would slow the download itself.
    const now = Date.now();
    if (now - last > 100) {
      last = now;
      options.onProgress({ done, total: stream.contentLength, startedAt, at: now });
    }
  }
  options.onProgress({ done, total: stream.contentLength ?? done, startedAt, at: Date.now() });
  saveBlob(new Blob(parts as BlobPart[], { type: 'application/octet-stream' }), name);
  return done;
}
