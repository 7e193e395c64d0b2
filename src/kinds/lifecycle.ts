/**
 * How each Nodus kind lives, read from the shared facts (src/shared/kinds.ts), for every view that acts on
 * objects or lists kinds (the object page's actions, the table's bulk actions, and the sidebar).
 * A kind only discovery knows has no state to set, never finishes and may live in any project.
 */
import { KIND_FACTS, isFinished, kindFacts, type KindFacts, type Lifecycle } from '../shared/kinds.ts';
import { PUBLIC_PROJECT } from '../shared/protocol.ts';

export { isFinished, type Lifecycle };

export type KindLife = Pick<KindFacts, 'lifecycle' | 'states' | 'restart' | 'published'>;

const UNKNOWN: KindLife = { lifecycle: 'none', restart: false, published: false };

export function kindLife(kind: string): KindLife {
  return kindFacts(kind) ?? UNKNOWN;
}

/**
 * Whether objects of the kind can exist in the project (undefined: all projects together): what Nodus publishes
 * lives only in its read-only project, which holds nothing else.
 */
export function kindInProject(kind: string, project: string | undefined): boolean {
  return project === undefined || (project === PUBLIC_PROJECT) === kindLife(kind).published;
}

/** The phases an object waits in before it first runs (Queued, Pending…): those before Running in its kind's order. */
export const WAITING_PHASES: ReadonlySet<string> = new Set(
  Object.values(KIND_FACTS).flatMap((f) =>
    f.phases.includes('Running') ? f.phases.slice(0, f.phases.indexOf('Running')) : [],
  ),
);
