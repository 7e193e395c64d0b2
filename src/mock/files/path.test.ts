import { describe, expect, it } from 'vitest';
import { baseName, normalisePath, parentOf } from './path.ts';
import { codeOf } from './testing.ts';

describe('normalisePath', () => {
  it('makes a relative path absolute against the working directory', () => {
    expect(normalisePath('/home/user', 'notes.txt')).toBe('/home/user/notes.txt');
    expect(normalisePath('/home/user', '/etc/hostname')).toBe('/etc/hostname');
  });

  it('resolves . and .. and never goes above the root', () => {
    expect(normalisePath('/a/b', './c/../d/.')).toBe('/a/b/d');
    expect(normalisePath('/', '../../..')).toBe('/');
    expect(normalisePath('/a', '..//b//')).toBe('/b');
    expect(normalisePath('/', '')).toBe('/');
  });

  it('refuses a NUL byte, an over-long name or an over-long path', () => {
    expect(codeOf(() => normalisePath('/', 'a\0b'))).toBe('InvalidPath');
    expect(codeOf(() => normalisePath('/', 'x'.repeat(256)))).toBe('InvalidPath');
    expect(codeOf(() => normalisePath('/', 'x'.repeat(255)))).toBeUndefined();
    expect(codeOf(() => normalisePath('/', `${'abcdefgh/'.repeat(460)}`))).toBe('InvalidPath');
  });

  it('names a path’s parent and last name', () => {
    expect(parentOf('/a/b')).toBe('/a');
    expect(parentOf('/a')).toBe('/');
    expect(baseName('/a/b')).toBe('b');
    expect(baseName('/')).toBe('/');
  });
});
