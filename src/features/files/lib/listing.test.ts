import { describe, expect, it } from 'vitest';
import { existingFiles, sortItems, usedFraction, type FileItem } from './listing.ts';

const item = (name: string, type: FileItem['type'] = 'file'): FileItem => ({
  name,
  type,
  size: 0,
  modified: '2026-01-01T00:00:00Z',
});

describe('listing order', () => {
  it('puts folders first, then names in the order people count', () => {
    const sorted = sortItems([item('file10'), item('b', 'directory'), item('File2'), item('a', 'directory')]);
    expect(sorted.map((i) => i.name)).toEqual(['a', 'b', 'File2', 'file10']);
  });

  it('knows which names are files already there', () => {
    const names = existingFiles({ kind: 'FileList', path: '/', items: [item('a.txt'), item('a', 'directory')] });
    expect([...names]).toEqual(['a.txt']);
    expect(existingFiles(undefined).size).toBe(0);
  });

  it('gives the share of a Volume in use', () => {
    expect(usedFraction(25, 100)).toBe(0.25);
    expect(usedFraction(200, 100)).toBe(1);
    expect(usedFraction(undefined, 100)).toBeUndefined();
    expect(usedFraction(1, 0)).toBeUndefined();
  });
});
