/**
 * A seeded pseudo-random generator (mulberry32) for the fuzz corpus: the same seed builds the same requests, so a
 * failure found once can be replayed by anyone (NODUS_FUZZ_SEED picks another seed to explore).
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  bytes(n: number): Buffer {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) out[i] = this.int(256);
    return out;
  }

  /** A string of `n` characters drawn from `alphabet`. */
  text(n: number, alphabet: string): string {
    let out = '';
    for (let i = 0; i < n; i++) out += alphabet[this.int(alphabet.length)];
    return out;
  }
}

export const DEFAULT_SEED = 0x5eed_2026;

export function seedFromEnv(): number {
  const raw = process.env.NODUS_FUZZ_SEED;
  const n = raw === undefined || raw === '' ? DEFAULT_SEED : Number(raw);
  if (!Number.isInteger(n)) throw new Error(`NODUS_FUZZ_SEED must be a whole number, not "${raw}"`);
  return n;
}
