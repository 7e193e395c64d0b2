/** How an answer reads: its body pretty-printed when it is JSON, and the tone of its status code. */

export interface ShownBody {
  text: string;
  json: boolean;
}

export function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/([\w.+-]*\+)?json\b/i.test(contentType.trim());
}

/** JSON (by its type, or a body that parses as JSON) indented by two; anything else as it came. */
export function shownBody(contentType: string | undefined, text: string): ShownBody {
  if (text.trim() === '') return { text: '', json: false };
  const looksJson = /^\s*[[{]/.test(text);
  if (isJsonType(contentType) || looksJson) {
    try {
      return { text: JSON.stringify(JSON.parse(text), null, 2), json: true };
    } catch {
      // not JSON after all: shown as text
    }
  }
  return { text, json: false };
}

export type Tone = 'success' | 'redirect' | 'client' | 'server';

export function toneOf(status: number): Tone {
  if (status >= 500) return 'server';
  if (status >= 400) return 'client';
  if (status >= 300) return 'redirect';
  return 'success';
}

/** "312 ms", "1.4 s". */
export function formatLatency(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
