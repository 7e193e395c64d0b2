// Frames: whatever a crash leaves at the end of a file, reading returns whole frames only; damage followed by
// whole frames is refused rather than skipped.
import { describe, expect, it } from 'vitest';
import { CorruptData, encodeFrame, FRAME_HEADER_BYTES, FRAME_MARKER, scanFrames } from './frames.ts';

const payloads = ['[{"t":"put","n":"a"}]', '[{"t":"put","n":"é ✓ <script>"}]', '[{"t":"del","n":"a"}]'];
const whole = Buffer.concat(payloads.map(encodeFrame));
const lastStart = whole.length - encodeFrame(payloads[2]!).length;

describe('scanFrames', () => {
  it('reads back every frame of intact data', () => {
    expect(scanFrames(whole, 'f', true)).toEqual({ payloads, torn: undefined });
  });

  it('drops a last frame cut at any byte, and reads the others', () => {
    for (let cut = lastStart + 1; cut < whole.length; cut++) {
      const scan = scanFrames(whole.subarray(0, cut), 'f', true);
      expect(scan.payloads).toEqual(payloads.slice(0, 2));
      expect(scan.torn).toMatchObject({ offset: lastStart, bytes: cut - lastStart });
    }
  });

  it('drops a last frame with any one byte damaged, and reads the others', () => {
    for (let at = lastStart; at < whole.length; at++) {
      for (const flip of [0x01, 0x80, 0xff]) {
        const data = Buffer.from(whole);
        data[at] = data[at]! ^ flip;
        const scan = scanFrames(data, 'f', true);
        expect(scan.payloads).toEqual(payloads.slice(0, 2));
        expect(scan.torn?.offset).toBe(lastStart);
      }
    }
  });

  it('drops a last frame whose end the disk left as zeros', () => {
    for (let from = lastStart; from < whole.length; from++) {
      const data = Buffer.from(whole);
      data.fill(0, from);
      expect(scanFrames(data, 'f', true).payloads).toEqual(payloads.slice(0, 2));
    }
  });

  it('refuses damage that whole frames follow, naming the file and the byte', () => {
    const data = Buffer.from(whole);
    data[FRAME_HEADER_BYTES + 3] = 0x21;
    expect(() => scanFrames(data, 'journal-1.log', true)).toThrow(CorruptData);
    expect(() => scanFrames(data, 'journal-1.log', true)).toThrow(
      /journal-1\.log is damaged at byte 0 \(checksum mismatch\): a whole frame follows at byte \d+/,
    );
  });

  it('refuses even a torn tail where the data was known complete (a snapshot)', () => {
    expect(() => scanFrames(whole.subarray(0, whole.length - 1), 'snapshot-1.snap', false)).toThrow(
      /snapshot-1\.snap is damaged/,
    );
  });

  it('uses a marker that no UTF-8 text contains, so a payload cannot fake a frame', () => {
    const text = encodeFrame(JSON.stringify({ note: `${FRAME_MARKER.toString('latin1')} ÿNJL \u00ff` }));
    expect(text.indexOf(FRAME_MARKER, 1)).toBe(-1);
  });
});
