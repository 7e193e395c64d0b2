import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config.ts';
import { volumeTree } from '../files/trees.ts';
import { createState } from '../server.ts';

describe('the demo files', () => {
  it('start a mock with smaller file bounds, leaving out the files that do not fit', () => {
    const state = createState(defaultConfig({ fileMaxBytes: 70 * 1024 }));
    const tree = volumeTree(state, 'nlp', 'checkpoints');
    expect(tree).toBeDefined();
    const sizes = [...walk(tree!, '/')].map((e) => e.size);
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(70 * 1024);
  });
});

function* walk(tree: NonNullable<ReturnType<typeof volumeTree>>, dir: string): Generator<{ size: number }> {
  for (const e of tree.list(dir)) {
    const path = `${dir === '/' ? '' : dir}/${e.name}`;
    if (e.type === 'directory') yield* walk(tree, path);
    else yield e;
  }
}
