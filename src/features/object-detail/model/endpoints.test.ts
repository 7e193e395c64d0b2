import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { endpointsOf, nothingExposed } from './endpoints.ts';

function obj(spec: Record<string, unknown>, status: Record<string, unknown>): NodusObject {
  return { apiVersion: 'nodus.dev/v1', kind: 'Sandbox', metadata: { name: 's' }, spec, status };
}

describe('endpointsOf', () => {
  it('reads status.endpoints and skips entries without a URL', () => {
    const o = obj(
      {},
      {
        endpoints: [
          { port: 8080, protocol: 'HTTP', public: true, url: 'https://a' },
          { port: 5432, protocol: 'TCP', url: 'tcp://b:5432' },
          { port: 1 },
          'junk',
        ],
      },
    );
    expect(endpointsOf(o)).toEqual([
      { port: 8080, protocol: 'HTTP', public: true, url: 'https://a' },
      { port: 5432, protocol: 'TCP', public: false, url: 'tcp://b:5432' },
    ]);
  });

  it('falls back to status.url alone', () => {
    expect(endpointsOf(obj({}, { url: 'https://fn' }))).toEqual([
      { port: undefined, protocol: 'HTTP', public: true, url: 'https://fn' },
    ]);
    expect(endpointsOf(obj({}, { endpoints: [], url: 'https://stale' }))).toEqual([]);
  });
});

describe('nothingExposed', () => {
  it('says why nothing is exposed', () => {
    expect(nothingExposed(obj({ ports: [{ port: 1 }, { port: 2 }] }, { phase: 'Stopped' }))).toBe(
      'Nothing is exposed while it is Stopped; its 2 ports get URLs once it is Running.',
    );
    expect(nothingExposed(obj({}, { phase: 'Running' }))).toBe(
      'It exposes nothing: add ports to spec.ports to serve on them.',
    );
  });
});
