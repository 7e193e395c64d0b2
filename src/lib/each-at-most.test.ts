import { describe, expect, it } from 'vitest';
import { eachAtMost } from './each-at-most.ts';

describe('eachAtMost', () => {
  it('runs every item once, never more than the limit at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await eachAtMost(3, [1, 2, 3, 4, 5, 6, 7], async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      seen.push(n);
      running--;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('rejects with the first failure', async () => {
    await expect(
      eachAtMost(2, [1, 2, 3], async (n) => {
        if (n === 2) throw new Error('two');
      }),
    ).rejects.toThrow('two');
  });
});
