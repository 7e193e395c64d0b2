import { describe, expect, it } from 'vitest';
import { safeHref } from './safe-href.ts';

const BASE = 'https://console.example/projects/nlp/jobs';

describe('safeHref', () => {
  it('keeps http and https links, resolving relative ones against the page', () => {
    expect(safeHref('https://docs.nodus.dev/errors/Conflict', BASE)).toBe('https://docs.nodus.dev/errors/Conflict');
    expect(safeHref('http://127.0.0.1:8001/docs/errors/NotFound', BASE)).toBe(
      'http://127.0.0.1:8001/docs/errors/NotFound',
    );
    expect(safeHref('/docs/errors/Invalid', BASE)).toBe('https://console.example/docs/errors/Invalid');
  });

  it('drops every other scheme, however it is disguised', () => {
    for (const hostile of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'blob:https://console.example/1',
    ]) {
      expect(safeHref(hostile, BASE), JSON.stringify(hostile)).toBeUndefined();
    }
    expect(safeHref(undefined, BASE)).toBeUndefined();
    expect(safeHref('', BASE)).toBeUndefined();
  });
});
