/**
 * Cheap deterministic randomness for log lines: a line's content is a pure function of the object's seed (from its
 * uid) and the line's index, so a log is generated lazily, line by line, and reads the same every time.
 * (A hash per line instead of a PRNG stream, because readers jump straight to line 999,000 with tailLines.)
 */

/** FNV-1a of a string: the seed of an object's log. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A well-mixed 32-bit value for (seed, index, salt) (murmur3's finaliser). */
export function hash(seed: number, index: number, salt = 0): number {
  let h = (seed ^ Math.imul(index, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca77)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) for (seed, index, salt). */
export function unit(seed: number, index: number, salt = 0): number {
  return hash(seed, index, salt) / 4294967296;
}

/** One item of a non-empty list, chosen by a number in [0, 1). */
export function pick<T>(list: readonly T[], r: number): T {
  return list[Math.min(list.length - 1, Math.floor(r * list.length))]!;
}

/** An integer in [min, max], chosen by a number in [0, 1). */
export function between(min: number, max: number, r: number): number {
  return min + Math.floor(r * (max - min + 1));
}
