import { describe, expect, it } from 'vitest';
import { baseName, crumbsOf, encodeTreePath, joinPath, nameProblem, normalisePath, parentOf } from './paths.ts';

describe('tree paths', () => {
  it('normalises any spelling to one absolute path', () => {
    expect(normalisePath('')).toBe('/');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('a//b/')).toBe('/a/b');
    expect(normalisePath('/a/./b/../c')).toBe('/a/c');
    expect(normalisePath('/../../etc')).toBe('/etc');
  });

  it('joins a folder and a name, never climbing above the root', () => {
    expect(joinPath('/', 'a.txt')).toBe('/a.txt');
    expect(joinPath('/data', 'a.txt')).toBe('/data/a.txt');
    expect(joinPath('/data/', 'sub/a.txt')).toBe('/data/sub/a.txt');
    expect(joinPath('/data', '../../x')).toBe('/x');
  });

  it('finds the parent and the last name', () => {
    expect(parentOf('/')).toBe('/');
    expect(parentOf('/a')).toBe('/');
    expect(parentOf('/a/b/c')).toBe('/a/b');
    expect(baseName('/a/b/c.txt')).toBe('c.txt');
    expect(baseName('/')).toBe('');
  });

  it('builds the breadcrumb from the root down', () => {
    expect(crumbsOf('/data/runs/7', 'train-data')).toEqual([
      { name: 'train-data', path: '/' },
      { name: 'data', path: '/data' },
      { name: 'runs', path: '/data/runs' },
      { name: '7', path: '/data/runs/7' },
    ]);
    expect(crumbsOf('/', 'root')).toEqual([{ name: 'root', path: '/' }]);
  });

  it('encodes each part for a URL and keeps the slashes between them', () => {
    expect(encodeTreePath('/')).toBe('');
    expect(encodeTreePath('/a b/c#1?.txt')).toBe('a%20b/c%231%3F.txt');
    expect(encodeTreePath('/50%/ü')).toBe('50%25/%C3%BC');
  });

  it('refuses names that are not one name', () => {
    expect(nameProblem('')).toBeDefined();
    expect(nameProblem('  ')).toBeDefined();
    expect(nameProblem('a/b')).toMatch(/\//);
    expect(nameProblem('..')).toBeDefined();
    expect(nameProblem('results 2026')).toBeUndefined();
  });
});
