/**
 * The three calls of the editor, bound to one project and kind: review (a dry-run with its estimate and ETag),
 * launch (a create with If-Match of that ETag and an Idempotency-Key) and reading an existing object (for
 * AlreadyExists). The calls themselves are src/data/objects.ts.
 */
import type { GroupVersion } from '@/data/client/index.ts';
import { getObject, launchCreate, reviewCreate, type LaunchOptions } from '@/data/objects.ts';

export type { LaunchAnswer, LaunchOptions, ReviewAnswer } from '@/data/objects.ts';

export interface Target extends GroupVersion {
  plural: string;
  project: string;
}

/** The three calls bound to one project and kind, as the review-and-launch machine takes them. */
export function reviewLaunchApi(target: Target) {
  return {
    review: (body: Record<string, unknown>) => reviewCreate(target, target.project, body),
    launch: (body: Record<string, unknown>, options: LaunchOptions) =>
      launchCreate(target, target.project, body, options),
    get: (name: string) => getObject(target, target.project, name),
  };
}
