/**
 * Regressions the fuzz corpus found in request bodies: nesting that overflowed the stack (a 500) or, in YAML,
 * could end the process; YAML that took seconds to parse; bytes that were not UTF-8 silently replaced; fields named
 * like Object.prototype's slipping past strict validation; and errors that echoed a megabyte body twentyfold.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Status } from '@/shared/protocol.ts';
import { JOBS, job, status, withMockApi, type Res } from './harness.ts';

const api = withMockApi({ controller: false });
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  // The mock logs only what it answered with InternalError.
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

function expectRefused(res: Res, code: number, reason: string, message?: RegExp): void {
  expect(res.status, res.text.slice(0, 300)).toBe(code);
  expect(status(res)).toMatchObject({ kind: 'Status', reason });
  if (message) expect(status(res).message).toMatch(message);
}

const yaml = (raw: string, path = `${JOBS}?dryRun=All`) =>
  api.call('POST', path, { raw, contentType: 'application/yaml' });

describe('hostile bodies', () => {
  it('refuses JSON nested 10,000 deep with a 400 on create and merge patch, not a stack overflow', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expectRefused(
      await api.call('POST', JOBS, { raw: `{"metadata":{"name":"deep"},"spec":${deep}}` }),
      400,
      'BadRequest',
      /nests more than 100 levels/,
    );
    const patch = await api.call('PATCH', `${JOBS}/train-a`, {
      raw: `{"spec":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
      contentType: 'application/merge-patch+json',
    });
    expectRefused(patch, 400, 'BadRequest', /nests more than 100 levels/);
  });

  it('refuses a YAML alias bomb and an alias inside its own anchor with a 400', async () => {
    const laughs = [
      'a: &a [x,x,x,x,x,x,x,x,x]',
      ...Array.from(
        { length: 8 },
        (_, i) => `${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(',')}]`,
      ),
    ].join('\n');
    expectRefused(await yaml(laughs), 400, 'BadRequest', /aliases expand too far/);
    expectRefused(
      await yaml('metadata: {name: loop}\nspec: &s {image: nodus/python:3.12, env: *s}\n'),
      400,
      'BadRequest',
      /refers to itself/,
    );
    expectRefused(
      await yaml(`a: &a x\nb: [${Array(1001).fill('*a').join(',')}]`),
      400,
      'BadRequest',
      /more than 1000 aliases/,
    );
  });

  it('refuses deeply nested YAML before parsing it: 10 KB of "- - -" once ended the process', async () => {
    expectRefused(await yaml(`${'- '.repeat(5000)}x`), 400, 'BadRequest', /nests too deeply/);
    expectRefused(
      await yaml(`spec: ${'['.repeat(200_000)}${']'.repeat(200_000)}`),
      400,
      'BadRequest',
      /nests too deeply/,
    );
    expectRefused(
      await yaml(`spec:\n${Array.from({ length: 600 }, (_, i) => `${' '.repeat(i + 1)}a:`).join('\n')} 1\n`),
      400,
      'BadRequest',
      /nests too deeply/,
    );
  });

  it('reads long flow collections as the two levels they are: a line of 2,000 {a: 1} is not "too deep"', async () => {
    const items = (item: string) => Array.from({ length: 2000 }, () => item).join(', ');
    for (const line of [`[${items('{a: 1}')}]`, `[${items('{"a": 1}')}]`]) {
      expectRefused(await yaml(`metadata:\n  name: flow\nspec: ${line}\n`), 422, 'Invalid', /spec/);
    }
  });

  it('bounds YAML by nodes: 1 MiB of "- a" (260,000) is refused before parsing, not in 2.7 s and 210 MB', async () => {
    const lines = await yaml(`spec:\n${'- a\n'.repeat(262_000)}`);
    expectRefused(lines, 400, 'BadRequest', /more than 20000 nodes/);
    expect(status(lines).fix).toMatch(/Send the body as JSON/);
    const keys = Array.from({ length: 50_000 }, (_, i) => `  k${i}: v`).join('\n');
    expectRefused(
      await yaml(`metadata:\n  name: many\nspec:\n  image: nodus/python:3.12\n  env:\n${keys}\n`),
      400,
      'BadRequest',
      /more than 20000 nodes/,
    );
  });

  it('reads a YAML body that is JSON as JSON: 1 MiB of it is accepted, whatever its values', async () => {
    const env = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`K${i}`, 'v']));
    const body = JSON.stringify({ metadata: { name: 'json-as-yaml' }, spec: { image: 'nodus/python:3.12', env } });
    expect(body.length).toBeGreaterThan(500_000);
    // Past the YAML value bound, yet read: the 422 is the schema's word on env (a list), not the reader's.
    expectRefused(await yaml(body), 422, 'Invalid', /spec\.env/);
  });

  it('parses a YAML mapping of 9,000 keys in linear time (50,000 took 26 s), and still refuses a repeated key', async () => {
    const keys = Array.from({ length: 9_000 }, (_, i) => `  k${i}: v`).join('\n');
    expectRefused(
      await yaml(`metadata:\n  name: many\nspec:\n  image: nodus/python:3.12\n  env:\n${keys}\n`),
      422,
      'Invalid',
    );
    expectRefused(
      await yaml('metadata:\n  name: twice\n  name: again\n'),
      400,
      'BadRequest',
      /Map keys must be unique \("name" again\) at line 3, column 3/,
    );
  });

  it('refuses a charset other than UTF-8 with 415 rather than reading the bytes as UTF-8 anyway', async () => {
    const body = JSON.stringify(job('latin'));
    for (const charset of ['latin1', 'ISO-8859-1', '"utf-16"']) {
      const res = await api.call('POST', JOBS, { raw: body, contentType: `application/json; charset=${charset}` });
      expectRefused(res, 415, 'UnsupportedMediaType', /charset .* is not supported: JSON and YAML bodies are UTF-8/);
    }
    for (const charset of ['utf-8', 'UTF8', '"utf-8"']) {
      const res = await api.call('POST', `${JOBS}?dryRun=All`, {
        raw: body,
        contentType: `application/json; charset=${charset}`,
      });
      expect(res.status, res.text.slice(0, 200)).toBe(201);
    }
  });

  it('refuses a body that is not UTF-8, saying where, instead of storing U+FFFD; accepts a UTF-8 byte order mark', async () => {
    const body = Buffer.concat([
      Buffer.from('{"metadata":{"name":"latin","annotations":{"a":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}},"spec":{"image":"nodus/python:3.12"}}'),
    ]);
    const res = await fetch(api.url(JOBS), {
      method: 'POST',
      headers: { Authorization: 'Bearer nodus-dev-key', 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Status).message).toMatch(/not valid UTF-8: byte 0xe9 at line 1, column 52/);
    expect((await api.get(`${JOBS}/latin`)).status).toBe(404);
    const bom = await api.call('POST', `${JOBS}?dryRun=All`, { raw: `\ufeff${JSON.stringify(job('bom'))}` });
    expect(bom.status).toBe(201);
  });

  it('refuses fields named like Object.prototype members as unknown, on create and on merge patch', async () => {
    for (const key of ['toString', 'hasOwnProperty', 'constructor', '__proto__', 'valueOf']) {
      const res = await api.call('POST', JOBS, {
        raw: `{"metadata":{"name":"proto"},"spec":{"image":"nodus/python:3.12","${key}":{"polluted":"yes"}}}`,
      });
      expectRefused(res, 422, 'Invalid', new RegExp(`spec\\.${key}: unknown field`));
      const patch = await api.call('PATCH', `${JOBS}/train-a`, {
        raw: `{"spec":{"${key}":{"polluted":"yes"}}}`,
        contentType: 'application/merge-patch+json',
      });
      expectRefused(patch, 422, 'Invalid', new RegExp(`spec\\.${key}: unknown field`));
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await api.get(`${JOBS}/proto`)).status).toBe(404);
  });

  it('says that a name must be a string when it is an object, and names no "[object Object]"', async () => {
    const res = await api.call('POST', JOBS, {
      raw: '{"metadata":{"name":{"$ne":1}},"spec":{"image":"nodus/python:3.12"}}',
    });
    expectRefused(res, 422, 'Invalid', /^Job is invalid: metadata\.name: must be a string, not object$/);
    expect(status(res).details?.name).toBeUndefined();
  });

  it('echoes at most 50 causes and clipped values, however much was wrong: 850 KB once came back as 20 MB', async () => {
    const spec: Record<string, unknown> = { image: 'nodus/python:3.12' };
    for (let i = 0; i < 50_000; i++) spec[`k${i}`] = 1;
    const res = await api.call('POST', JOBS, { raw: JSON.stringify({ metadata: { name: 'keys' }, spec }) });
    expectRefused(res, 422, 'Invalid', /and 49950 more$/);
    expect(status(res).details?.causes).toHaveLength(51);
    expect(res.text.length).toBeLessThan(64 * 1024);
    const long = await api.call('POST', JOBS, { raw: JSON.stringify(job('x'.repeat(500_000))) });
    expectRefused(long, 422, 'Invalid', /more characters\)/);
    expect(long.text.length).toBeLessThan(64 * 1024);
  });

  it('lets no YAML a client sends write a warning to the server log', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      expectRefused(await yaml('? [a, b]\n: c\nmetadata: {name: complex}\n'), 422, 'Invalid');
      expect((await api.get('/healthz')).status).toBe(200);
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });
});
