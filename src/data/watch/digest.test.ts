import { describe, expect, it } from 'vitest';
import { digestLines, listDigest, type Versioned } from './digest.ts';

const obj = (namespace: string, name: string, resourceVersion: string): Versioned => ({
  metadata: { namespace, name, resourceVersion },
});

describe('listDigest', () => {
  const list = [obj('p', 'b', '12'), obj('p', 'a', '9'), obj('q', 'a', '10')];

  it('is 14 hex digits, the same whatever the order of the objects', () => {
    expect(listDigest(list)).toMatch(/^[0-9a-f]{14}$/);
    expect(listDigest([...list].reverse())).toBe(listDigest(list));
  });

  it('changes when a version, a name, a project or the set of objects changes', () => {
    const base = listDigest(list);
    const variants = [
      [obj('p', 'b', '13'), obj('p', 'a', '9'), obj('q', 'a', '10')],
      [obj('p', 'c', '12'), obj('p', 'a', '9'), obj('q', 'a', '10')],
      [obj('p', 'b', '12'), obj('p', 'a', '9'), obj('r', 'a', '10')],
      [obj('p', 'b', '12'), obj('p', 'a', '9')],
      [],
    ];
    const digests = variants.map(listDigest);
    expect(digests).not.toContain(base);
    expect(new Set(digests).size).toBe(digests.length);
  });

  it('treats resourceVersions as opaque strings: "9" and "09" differ, "10" sorts before "9"', () => {
    expect(listDigest([obj('p', 'a', '9')])).not.toBe(listDigest([obj('p', 'a', '09')]));
    expect(digestLines([obj('p', 'a', '9'), obj('p', 'a', '10')])).toEqual(['p/a@10', 'p/a@9']);
  });

  it('tells apart 100 lists of 5,000 objects that each differ in one version', () => {
    const big = Array.from({ length: 5_000 }, (_, i) => obj('p', `job-${i}`, String(1000 + i)));
    const seen = new Set([listDigest(big)]);
    for (let i = 0; i < 100; i++) {
      const copy = big.slice();
      copy[i * 50] = obj('p', `job-${i * 50}`, `${1000 + i * 50}x`);
      seen.add(listDigest(copy));
    }
    expect(seen.size).toBe(101);
  });
});
