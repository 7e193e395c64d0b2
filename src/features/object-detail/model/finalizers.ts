/** What each finalizer is waiting for, in plain words, for the deletion banner and the finalizer list. */
import { FINALIZER_BILLING } from '../../../shared/protocol.ts';

export interface FinalizerExplanation {
  name: string;
  /** Who set it. */
  owner: 'Nodus' | 'another controller';
  /** While the object is being deleted: what the delete waits for. */
  waiting: string;
  /** While it is not: what the finalizer will do when it is. */
  meaning: string;
}

export function explainFinalizer(name: string): FinalizerExplanation {
  if (name === FINALIZER_BILLING) {
    return {
      name,
      owner: 'Nodus',
      waiting: 'Waiting for the final charge to post. Nodus bills the time used up to the delete, then removes this finalizer and the object goes.',
      meaning: 'When this object is deleted, Nodus first posts its final charge; the object goes once that has posted.',
    };
  }
  if (name.startsWith('nodus.dev/')) {
    return {
      name,
      owner: 'Nodus',
      waiting: 'Set by Nodus; the object goes once Nodus has finished this clean-up and removed it.',
      meaning: 'Set by Nodus; on delete, Nodus finishes this clean-up before the object goes.',
    };
  }
  return {
    name,
    owner: 'another controller',
    waiting: 'Set by another controller; Nodus waits until it removes it.',
    meaning: 'Set by another controller; a delete waits until that controller removes it.',
  };
}
