/**
 * What the detail view knows about each kind, as data (read from the kinds in src/mock/kinds and the controller
 * in src/mock/controller): how it lives (its spec.state values, whether it restarts: src/kinds, shared
 * with the tables), what it owns, how its money reads, and the facts of its spec worth a line each. A kind not
 * listed here gets the generic view: the spec's plain fields as facts, delete and (where the spec has one) a
 * higher max cost.
 */
import { kindLife, type KindLife } from '../../../kinds/lifecycle.ts';
import type { NodusObject } from '../../../shared/protocol.ts';
import { specFact, type Fact } from './facts.ts';
import { budgetFacts, functionFacts, imageFacts, jobFacts, pipelineFacts, sandboxFacts, volumeFacts } from './kind-facts.ts';

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

export interface DetailTraits extends Pick<KindLife, 'lifecycle' | 'states'> {
  restart?: boolean;
  children?: ChildrenSpec;
  meter?: (o: NodusObject) => MoneyMeter | undefined;
  facts: (o: NodusObject) => Fact[];
}

const costMeter = (o: NodusObject): MoneyMeter | undefined =>
  o.spec?.maxCostUSD === undefined && o.status?.costUSD === undefined
    ? undefined
    : { spent: o.status?.costUSD ?? '0.00', limit: o.spec?.maxCostUSD, spentLabel: 'spent', limitLabel: 'max cost', limitField: 'maxCostUSD' };

export const LABEL_PIPELINE = 'nodus.dev/pipeline';

const KINDS: Record<string, DetailTraits> = {
  Job: { ...kindLife('Job'), meter: costMeter, facts: jobFacts },
  Pipeline: {
    ...kindLife('Pipeline'),
    meter: costMeter,
    facts: pipelineFacts,
    children: { plural: 'jobs', kind: 'Job', labelSelector: (o) => `${LABEL_PIPELINE}=${o.metadata.name ?? ''}` },
  },
  Sandbox: { ...kindLife('Sandbox'), meter: costMeter, facts: sandboxFacts },
  Function: { ...kindLife('Function'), meter: costMeter, facts: functionFacts },
  Volume: { ...kindLife('Volume'), meter: costMeter, facts: volumeFacts },
  Budget: {
    ...kindLife('Budget'),
    meter: (o) => ({ spent: o.status?.spentUSD ?? '0.00', limit: o.spec?.limitUSD, spentLabel: 'spent this period', limitLabel: 'limit' }),
    facts: budgetFacts,
  },
  Image: { ...kindLife('Image'), facts: imageFacts },
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

