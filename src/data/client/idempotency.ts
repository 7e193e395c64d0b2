import { ulid } from '@/shared/ulid.ts';

/** A fresh Idempotency-Key: send it with a create, and again with every retry of that same create. */
export function newIdempotencyKey(): string {
  return ulid();
}
