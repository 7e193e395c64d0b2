/**
 * API keys' secrets. A new key is 240 random bits; only its SHA-256 is kept. A fast hash is right here, where a
 * password would need a slow one: nobody can guess their way through 2^240 keys, however fast each guess, so what
 * a stolen data directory gives away is nothing, and checking a key costs a microsecond on every request.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** What every key this server makes starts with, so that a secret scanner can recognise one. */
export const KEY_PREFIX = 'nodus_';
/** How much of a key its status shows: the "nodus_" and six random characters (36 bits), to tell keys apart. */
const SHOWN = KEY_PREFIX.length + 6;

export function newSecret(): string {
  return `${KEY_PREFIX}${randomBytes(30).toString('base64url')}`;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The part of a key safe to show: enough to recognise it in a list, far too little to use it. */
export function prefixOf(key: string): string {
  return key.slice(0, Math.min(SHOWN, Math.max(1, key.length - 8)));
}

/** Compares two hex digests without an early exit, so the time taken says nothing about where they differ. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
