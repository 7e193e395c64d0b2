/**
 * What the detail view knows about each kind, as data (read from the kinds in src/mock/kinds and the controller
 * in src/mock/controller): the values of spec.state and what they mean, whether it restarts, what it owns, how
 * its money reads, and the facts of its spec worth a line each. A kind not listed here gets the generic view:
 * the spec's plain fields as facts, delete and (where the spec has one) a higher max cost.
 */
import type { NodusObject } from '../../../shared/protocol.ts';
import { specFact, type Fact } from './facts.ts';
import { budgetFacts, functionFacts, imageFacts, jobFacts, pipelineFacts, sandboxFacts, volumeFacts } from './kind-facts.ts';

export type Lifecycle = 'run-to-completion' | 'long-running' | 'none';

export interface ChildrenSpec {
  /** The plural and kind of the owned objects. */
  plural: string;
  kind: string;
  /** The label the owner puts on them, to watch only those (ownerReferences then pick the owner's by uid). */
  labelSelector: (owner: NodusObject) => string;
}

export interface MoneyMeter {
  spent: unknown;
  limit: unknown;
  /** "spent of max" wording. */
  spentLabel: string;
  limitLabel: string;
  /** The spec field the limit is, for the raise dialog. */
  limitField?: 'maxCostUSD';
}

export interface DetailTraits {
  lifecycle: Lifecycle;
  /** spec.state values: `run` is the default (Running or Active). */
  states?: { run: string; suspend?: 'Suspended'; stop?: 'Stopped'; cancel?: 'Cancelled' };
  /** A Running object restarts when nodus.dev/restart-requested-at gets a new value. */
  restart?: boolean;
  children?: ChildrenSpec;
  meter?: (o: NodusObject) => MoneyMeter | undefined;
  facts: (o: NodusObject) => Fact[];
}

const costMeter = (o: NodusObject): MoneyMeter | undefined =>
  o.spec?.maxCostUSD === undefined && o.status?.costUSD === undefined
    ? undefined
    : { spent: o.status?.costUSD ?? '0.00', limit: o.spec?.maxCostUSD, spentLabel: 'spent', limitLabel: 'max cost', limitField: 'maxCostUSD' };

const RUN = { run: 'Running', suspend: 'Suspended', cancel: 'Cancelled' } as const;

export const LABEL_PIPELINE = 'nodus.dev/pipeline';

const KINDS: Record<string, DetailTraits> = {
  Job: { lifecycle: 'run-to-completion', states: RUN, restart: true, meter: costMeter, facts: jobFacts },
  Pipeline: {
    lifecycle: 'run-to-completion',
    states: RUN,
    meter: costMeter,
    facts: pipelineFacts,
    children: { plural: 'jobs', kind: 'Job', labelSelector: (o) => `${LABEL_PIPELINE}=${o.metadata.name ?? ''}` },
  },
  Sandbox: { lifecycle: 'long-running', states: { run: 'Running', suspend: 'Suspended', stop: 'Stopped' }, restart: true, meter: costMeter, facts: sandboxFacts },
  Function: { lifecycle: 'long-running', states: { run: 'Running', stop: 'Stopped' }, restart: true, meter: costMeter, facts: functionFacts },
  Volume: { lifecycle: 'long-running', states: { run: 'Running', stop: 'Stopped' }, meter: costMeter, facts: volumeFacts },
  Budget: {
    lifecycle: 'none',
    states: { run: 'Active', suspend: 'Suspended' },
    meter: (o) => ({ spent: o.status?.spentUSD ?? '0.00', limit: o.spec?.limitUSD, spentLabel: 'spent this period', limitLabel: 'limit' }),
    facts: budgetFacts,
  },
  Image: { lifecycle: 'none', facts: imageFacts },
};

/** Any other kind: what its spec says, one fact per plain field. */
const GENERIC: DetailTraits = {
  lifecycle: 'none',
  meter: (o) => (o.spec?.maxCostUSD === undefined ? undefined : costMeter(o)),
  facts: (o) => Object.entries(o.spec ?? {}).slice(0, 14).map(([key, value]) => specFact(key, value)),
};

export function detailTraits(kind: string): DetailTraits {
  return KINDS[kind] ?? GENERIC;
}

/** The phases after which nothing moves any more. */
export function isFinished(traits: DetailTraits, phase: string | undefined): boolean {
  if (traits.lifecycle === 'run-to-completion') return phase === 'Succeeded' || phase === 'Failed' || phase === 'Cancelled';
  if (traits.lifecycle === 'long-running') return phase === 'Failed';
  return false;
}
