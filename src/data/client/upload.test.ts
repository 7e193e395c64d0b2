import { describe, expect, it } from 'vitest';
import { headersOf } from './upload.ts';

describe('headersOf', () => {
  it('reads the raw header block of an XMLHttpRequest', () => {
    const headers = headersOf('content-type: application/json\r\nx-request-id: req_01\r\nretry-after: 3\r\n');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-Request-Id')).toBe('req_01');
    expect(headers.get('Retry-After')).toBe('3');
  });

  it('keeps a colon inside a value', () => {
    expect(headersOf('location: http://x:1/a').get('location')).toBe('http://x:1/a');
    expect([...headersOf('').keys()]).toEqual([]);
  });
});
