/**
 * The table's bulk writes (a merge patch of spec.state, or a delete; src/data/objects.ts), one object at a time.
 * Never retried on their own (the API client retries no write without an Idempotency-Key); each outcome is
 * reported per object, with the ApiError of a failure.
 */
import { eachAtMost } from '@/lib/each-at-most.ts';
import type { NodusObject } from '@/shared/protocol.ts';

// The writes themselves are the data layer's, shared with the object page.
export { startDeletion, setDesiredState } from '@/data/objects.ts';

export interface Outcome {
  object: NodusObject;
  error?: unknown;
}

/** Runs `write` on every object, a few at a time (lib/each-at-most.ts), and reports each outcome as it settles. */
export async function forEachObject(
  objects: readonly NodusObject[],
  write: (object: NodusObject) => Promise<unknown>,
  onOutcome: (outcome: Outcome) => void,
  concurrency = 3,
): Promise<void> {
  await eachAtMost(concurrency, objects, async (object) => {
    try {
      await write(object);
      onOutcome({ object });
    } catch (error) {
      onOutcome({ object, error });
    }
  });
}
