/**
 * Writing a log to the client: text/plain in chunks, waiting while the client is behind (so a million lines never
 * pile up in memory), cut at limitBytes, and stopping as soon as the client goes away.
 */
import type { ServerResponse } from 'node:http';
import type { LogView } from './timeline.ts';

/** Characters rendered per write: big enough to be cheap, small enough to keep memory flat. */
export const CHUNK_CHARS = 64 * 1024;

/** RFC 3339 with nanoseconds and trailing zeros dropped, as Go's time.RFC3339Nano (what kubelet prints). */
export function rfc3339Nano(ms: number): string {
  const whole = Math.floor(ms);
  const iso = new Date(whole).toISOString();
  const nanos = Math.min(999_999, Math.round((ms - whole) * 1e6));
  const fraction = `${iso.slice(20, 23)}${String(nanos).padStart(6, '0')}`.replace(/0+$/, '');
  return `${iso.slice(0, 19)}${fraction ? `.${fraction}` : ''}Z`;
}

/** Lines [from, to) as text, stopping once about `maxChars` are rendered; `next` is the first line not rendered. */
export function render(
  view: LogView,
  from: number,
  to: number,
  timestamps: boolean,
  maxChars = CHUNK_CHARS,
): { text: string; next: number } {
  let text = '';
  let i = from;
  for (; i < to && text.length < maxChars; i++) {
    text += timestamps ? `${rfc3339Nano(view.timeMs(i))} ${view.line(i)}\n` : `${view.line(i)}\n`;
  }
  return { text, next: i };
}

/**
 * The first `limit` bytes of `bytes`, backed off to a character boundary: the output stays valid UTF-8 and never
 * exceeds limitBytes (Kubernetes cuts at the byte; a console would show a replacement character).
 */
export function cutUtf8(bytes: Buffer, limit: number): Buffer {
  if (bytes.length <= limit) return bytes;
  let end = Math.max(0, limit);
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

export class LogStream {
  private sent = 0;
  private closed = false;
  private readonly res: ServerResponse;
  private readonly limit: number | undefined;

  constructor(res: ServerResponse, limit: number | undefined) {
    this.res = res;
    this.limit = limit;
    res.on('close', () => {
      this.closed = true;
    });
  }

  get open(): boolean {
    return !this.closed && !this.res.writableEnded;
  }

  /** Writes text, waiting while the client is behind; resolves false once nothing more should be written. */
  async write(text: string): Promise<boolean> {
    if (!this.open || text === '') return this.open;
    let chunk: string | Buffer = text;
    let last = false;
    if (this.limit !== undefined) {
      let bytes: Buffer = Buffer.from(text);
      if (this.sent + bytes.length >= this.limit) {
        bytes = cutUtf8(bytes, this.limit - this.sent);
        last = true;
      }
      this.sent += bytes.length;
      chunk = bytes;
    }
    const flowing = this.res.write(chunk);
    if (last) {
      this.end();
      return false;
    }
    if (!flowing) await this.drained();
    return this.open;
  }

  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }

  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }
}
