/**
 * A ULID: 48 bits of milliseconds, then 80 random bits, in Crockford's base32 (26 characters, sortable by time).
 * The console makes them for Idempotency-Keys and saved views; a dozen lines here keep a library for it out of the
 * first view's JavaScript.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function ulid(
  now: number = Date.now(),
  fill: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  let time = '';
  for (let i = 0, t = Math.floor(now); i < 10; i++, t = Math.floor(t / 32)) time = ALPHABET[t % 32]! + time;
  let random = '';
  // Five bits of each of 16 random bytes: the spec's 80.
  for (const byte of fill(new Uint8Array(16))) random += ALPHABET[byte & 31]!;
  return time + random;
}
