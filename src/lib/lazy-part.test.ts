import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part.tsx';

const Panel = () => null;

describe('lazyPart', () => {
  it('loads its code once, however many ask for it', async () => {
    const load = vi.fn(async () => Panel);
    const part = lazyPart(load, { label: 'the panel', warm: false });
    const [a, b] = await Promise.all([part.preload(), part.preload()]);
    expect(a).toBe(Panel);
    expect(b).toBe(Panel);
    await part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('imports again after a failed load, rather than repeating the failure', async () => {
    const load = vi.fn<() => Promise<typeof Panel>>().mockRejectedValueOnce(new Error('chunk missing'));
    load.mockResolvedValue(Panel);
    const part = lazyPart(load, { label: 'the panel', warm: false });
    await expect(part.preload()).rejects.toThrow('chunk missing');
    await expect(part.preload()).resolves.toBe(Panel);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("names the part for React's tools", () => {
    expect(lazyPart(async () => Panel, { label: 'the panel', warm: false }).Component.displayName).toBe(
      'LazyPart(the panel)',
    );
  });
});
