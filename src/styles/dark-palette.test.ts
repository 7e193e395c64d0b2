/**
 * Every colour a component names follows the dark theme: the generated palette redefines each hue the source uses
 * (a new hue needs a line in scripts/theme/dark-palette.ts and the file regenerated).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'mock' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('the dark palette', () => {
  it('covers every hue a component uses', () => {
    const css = readFileSync(join(SRC, 'styles/dark-palette.css'), 'utf8');
    const used = new Set<string>();
    for (const file of sources(SRC))
      for (const m of readFileSync(file, 'utf8').matchAll(
        /\b(?:bg|text|border|ring|outline|fill|stroke|divide|from|to|via|decoration|accent|placeholder)-([a-z]+)-(?:50|[1-9]00|950)\b/g,
      ))
        used.add(m[1]!);
    expect(used.size).toBeGreaterThan(3);
    const missing = [...used].filter((hue) => !css.includes(`--color-${hue}-500:`));
    expect(missing).toEqual([]);
  });
});
