/**
 * How each Nodus kind lives, as data, for every view that acts on objects or lists kinds (the object page's
 * actions, the table's bulk actions, the kind tabs and the sidebar): whether it runs to completion or until
 * stopped, the values its spec.state takes, whether it restarts on request, and whether only Nodus publishes it.
 * Read from the kinds the API defines (their spec.state values and phases); a kind not listed here has no
 * state to set and never finishes.
 */
import { PUBLIC_PROJECT } from '../../shared/protocol.ts';

export type Lifecycle = 'run-to-completion' | 'long-running' | 'none';

export interface KindLife {
  lifecycle: Lifecycle;
  /** spec.state values: `run` is the default (Running or Active). */
  states?: { run: string; suspend?: 'Suspended'; stop?: 'Stopped'; cancel?: 'Cancelled' };
  /** A Running object restarts when nodus.dev/restart-requested-at gets a new value. */
  restart?: boolean;
  /** Only Nodus creates these, all in its read-only project: no other project can hold one. */
  published?: boolean;
}

const RUN = { run: 'Running', suspend: 'Suspended', cancel: 'Cancelled' } as const;

const KINDS: Record<string, KindLife> = {
  Job: { lifecycle: 'run-to-completion', states: RUN, restart: true },
  Pipeline: { lifecycle: 'run-to-completion', states: RUN },
  Sandbox: { lifecycle: 'long-running', states: { run: 'Running', suspend: 'Suspended', stop: 'Stopped' }, restart: true },
  Function: { lifecycle: 'long-running', states: { run: 'Running', stop: 'Stopped' }, restart: true },
  Volume: { lifecycle: 'long-running', states: { run: 'Running', stop: 'Stopped' } },
  Budget: { lifecycle: 'none', states: { run: 'Active', suspend: 'Suspended' } },
  Image: { lifecycle: 'none', published: true },
};

const UNKNOWN: KindLife = { lifecycle: 'none' };

export function kindLife(kind: string): KindLife {
  return KINDS[kind] ?? UNKNOWN;
}

/** The phases after which nothing moves any more. */
export function isFinished(life: Pick<KindLife, 'lifecycle'>, phase: string | undefined): boolean {
  if (life.lifecycle === 'run-to-completion') return phase === 'Succeeded' || phase === 'Failed' || phase === 'Cancelled';
  if (life.lifecycle === 'long-running') return phase === 'Failed';
  return false;
}

/**
 * Whether objects of the kind can exist in the project (undefined: all projects together): what Nodus publishes
 * lives only in its read-only project, which holds nothing else.
 */
export function kindInProject(kind: string, project: string | undefined): boolean {
  return project === undefined || (project === PUBLIC_PROJECT) === (kindLife(kind).published === true);
}
