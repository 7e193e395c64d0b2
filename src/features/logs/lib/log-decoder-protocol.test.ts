import { describe, expect, it } from 'vitest';
import { pack, unpack } from './log-decoder-protocol.ts';

describe('pack and unpack', () => {
  it('carry lines with and without timestamps, empty texts, "\\r" and non-ASCII text unchanged', () => {
    const lines = [
      { ts: '2026-12-02T11:22:33.123Z', text: 'step 1 loss 0.3' },
      { ts: '', text: '' },
      { ts: '2026-12-02T11:22:34Z', text: 'progress 50%\r日本語 <script>' },
      { ts: '', text: 'no stamp' },
    ];
    expect(unpack(pack(lines))).toEqual(lines);
  });

  it('carry an empty batch and a batch of one empty line apart', () => {
    expect(unpack(pack([]))).toEqual([]);
    expect(unpack(pack([{ ts: '', text: '' }]))).toEqual([{ ts: '', text: '' }]);
  });
});
