import { describe, expect, it } from 'vitest';
import { formatLatency, shownBody, toneOf } from './response.ts';

describe('shownBody', () => {
  it('indents JSON, by its type or by its look', () => {
    expect(shownBody('application/json', '{"a":1}')).toEqual({ text: '{\n  "a": 1\n}', json: true });
    expect(shownBody('application/problem+json', '[1]').json).toBe(true);
    expect(shownBody(undefined, '{"a":1}').json).toBe(true);
  });

  it('shows anything else as it came', () => {
    expect(shownBody('text/plain', 'hello')).toEqual({ text: 'hello', json: false });
    expect(shownBody('application/json', '{broken')).toEqual({ text: '{broken', json: false });
    expect(shownBody('application/json', '')).toEqual({ text: '', json: false });
  });
});

describe('toneOf and formatLatency', () => {
  it('tells success, redirects, client and server errors apart', () => {
    expect([200, 302, 429, 500, 504].map(toneOf)).toEqual(['success', 'redirect', 'client', 'server', 'server']);
  });

  it('reads milliseconds and seconds', () => {
    expect(formatLatency(312.4)).toBe('312 ms');
    expect(formatLatency(1400)).toBe('1.40 s');
    expect(formatLatency(12_345)).toBe('12.3 s');
  });
});
