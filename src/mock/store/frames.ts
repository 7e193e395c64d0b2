/**
 * The on-disk framing of the mock's journal and snapshots (NODUS_MOCK_DATA). Each frame is a marker, the payload's
 * length and a CRC-32 over length and payload, then the payload (JSON text). A crash can leave the last frame cut
 * short or half-overwritten; reading checks every frame and never returns one that is not whole.
 *
 * A frame that fails its checks is a torn tail when no whole frame follows it (a write the crash interrupted,
 * never acknowledged: dropped), and corruption when one does (something damaged data that was already on disk:
 * the reader refuses, since skipping it would silently lose acknowledged writes). The marker starts with 0xFF,
 * which UTF-8 never contains, so a frame boundary cannot be faked by text inside a payload.
 */
import { crc32 } from 'node:zlib';

export const FRAME_MARKER = Buffer.from([0xff, 0x4e, 0x4a, 0x4c]);
export const FRAME_HEADER_BYTES = 12;
/** Larger lengths are damage, not data: a batch never comes near it. */
const MAX_PAYLOAD_BYTES = 1 << 30;

export function encodeFrame(payload: string): Buffer {
  const body = Buffer.from(payload, 'utf8');
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + body.length);
  FRAME_MARKER.copy(frame, 0);
  frame.writeUInt32LE(body.length, 4);
  frame.writeUInt32LE(crc32(body, crc32(frame.subarray(4, 8))), 8);
  body.copy(frame, FRAME_HEADER_BYTES);
  return frame;
}

type Check = { ok: true; payload: string; next: number } | { ok: false; reason: string };

function check(data: Buffer, offset: number): Check {
  const left = data.length - offset;
  if (left < FRAME_HEADER_BYTES) return { ok: false, reason: `${left} bytes, less than a frame header` };
  if (!data.subarray(offset, offset + 4).equals(FRAME_MARKER)) return { ok: false, reason: 'no frame marker' };
  const length = data.readUInt32LE(offset + 4);
  if (length > MAX_PAYLOAD_BYTES || length > left - FRAME_HEADER_BYTES) {
    return { ok: false, reason: `a frame of ${length} bytes with ${left - FRAME_HEADER_BYTES} left in the file` };
  }
  const start = offset + FRAME_HEADER_BYTES;
  const body = data.subarray(start, start + length);
  const expected = data.readUInt32LE(offset + 8);
  if (crc32(body, crc32(data.subarray(offset + 4, offset + 8))) !== expected)
    return { ok: false, reason: 'checksum mismatch' };
  return { ok: true, payload: body.toString('utf8'), next: start + length };
}

/** The first whole frame at or after `from`, if any. */
function nextWholeFrame(data: Buffer, from: number): number | undefined {
  for (let at = data.indexOf(FRAME_MARKER, from); at >= 0; at = data.indexOf(FRAME_MARKER, at + 1)) {
    if (check(data, at).ok) return at;
  }
  return undefined;
}

export interface TornTail {
  /** Where the whole frames end: everything from here on was dropped. */
  offset: number;
  bytes: number;
  reason: string;
}

export interface Scan {
  payloads: string[];
  /** Set when the data ended in a frame that a crash cut short. */
  torn: TornTail | undefined;
}

export class CorruptData extends Error {
  readonly file: string;
  readonly offset: number;

  constructor(file: string, offset: number, reason: string, detail: string) {
    super(`${file} is damaged at byte ${offset} (${reason}): ${detail}`);
    this.file = file;
    this.offset = offset;
  }
}

/**
 * The payloads of every whole frame, in order. `tornTailAllowed` is false for data that was complete on disk
 * before anything else was written after it (a snapshot, a log that a newer one follows): there any bad frame is
 * corruption.
 */
export function scanFrames(data: Buffer, file: string, tornTailAllowed: boolean): Scan {
  const payloads: string[] = [];
  let offset = 0;
  while (offset < data.length) {
    const frame = check(data, offset);
    if (frame.ok) {
      payloads.push(frame.payload);
      offset = frame.next;
      continue;
    }
    const later = nextWholeFrame(data, offset + 1);
    if (later !== undefined) {
      throw new CorruptData(
        file,
        offset,
        frame.reason,
        `a whole frame follows at byte ${later}, so this is not a write cut short by a crash`,
      );
    }
    if (!tornTailAllowed)
      throw new CorruptData(file, offset, frame.reason, 'this file was complete before newer data was written');
    return { payloads, torn: { offset, bytes: data.length - offset, reason: frame.reason } };
  }
  return { payloads, torn: undefined };
}
