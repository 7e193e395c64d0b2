/** What each finalizer is waiting for, in plain words, for the deletion banner and the finalizer list. */
import { FINALIZER_BILLING, FINALIZER_FOREGROUND } from '@/shared/protocol.ts';

export interface FinalizerExplanation {
  name: string;
  /** Who set it. */
  owner: 'Nodus' | 'another controller';
  /** While the object is being deleted: what the delete waits for. */
  waiting: string;
  /** While it is not: what the finalizer will do when it is. */
  meaning: string;
  /** A delete held this long by it is much longer than usual... */
  overdueAfterMs: number;
  /** ...and this is how long it usually takes, and what to do. */
  usually: string;
  advice: string;
}

export function explainFinalizer(name: string): FinalizerExplanation {
  if (name === FINALIZER_BILLING) {
    return {
      name,
      owner: 'Nodus',
      waiting:
        'Waiting for the final charge to post. Nodus bills the time used up to the delete, then removes this finalizer and the object goes.',
      meaning: 'When this object is deleted, Nodus first posts its final charge; the object goes once that has posted.',
      overdueAfterMs: 10 * 60_000,
      usually: 'the final charge usually posts within a minute or two',
      advice:
        'Nodus keeps trying by itself, and the wait is not charged. Do not remove the finalizer yourself: the final charge would never post and your Budgets would not see it. If the object is still here in a few hours, contact support with its UID.',
    };
  }
  if (name === FINALIZER_FOREGROUND) {
    return {
      name,
      owner: 'Nodus',
      waiting:
        "Deleting what it owns first (a foreground delete): the object goes once each object it owns that blocks its deletion, such as a Pipeline's Jobs, has gone.",
      meaning: 'Set by a foreground delete: the objects it owns are deleted before it.',
      overdueAfterMs: 15 * 60_000,
      usually: 'what it owns usually goes within minutes, once each has posted its final charge',
      advice:
        'Open the objects it owns: each one still here says what it waits for. Do not remove this finalizer yourself: what it owns would be left without its owner.',
    };
  }
  if (name.startsWith('nodus.dev/')) {
    return {
      name,
      owner: 'Nodus',
      waiting: 'Set by Nodus; the object goes once Nodus has finished this clean-up and removed it.',
      meaning: 'Set by Nodus; on delete, Nodus finishes this clean-up before the object goes.',
      overdueAfterMs: 15 * 60_000,
      usually: 'Nodus usually finishes its clean-up within minutes',
      advice:
        'Nodus keeps trying by itself. Do not remove the finalizer yourself. If the object is still here in a few hours, contact support with its UID.',
    };
  }
  return {
    name,
    owner: 'another controller',
    waiting: 'Set by another controller; Nodus waits until it removes it.',
    meaning: 'Set by another controller; a delete waits until that controller removes it.',
    overdueAfterMs: 15 * 60_000,
    usually: 'a controller usually removes its finalizer within minutes',
    advice: `Check that the controller that set ${name} is running. Once its clean-up is known to be done, whoever runs it can remove the finalizer (kubectl edit, delete the line under metadata.finalizers), and the object goes.`,
  };
}
