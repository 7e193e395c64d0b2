/**
 * The object page's view of the kinds registry (src/kinds): how a kind lives (its spec.state values, whether
 * it restarts), what it owns, how its money reads and the facts of its spec worth a line each. A kind the spec
 * does not declare gets the registry's generic view: the spec's plain fields as facts, delete and (where the
 * spec has one) a higher max cost.
 */
import { summaryOf } from '@/kinds/summaries.ts';
import {
  childSelector,
  presentationOf,
  type ActionTraits,
  type Fact,
  type MoneyMeter,
  type SpendView,
} from '@/kinds/index.ts';
import type { NodusObject } from '@/shared/protocol.ts';

export type { MoneyMeter };

export interface ChildrenSpec {
  /** The plural and kind of the owned objects. */
  plural: string;
  kind: string;
  /** The label the owner puts on them, to watch only those (ownerReferences then pick the owner's by uid). */
  labelSelector: (owner: NodusObject) => string;
}

export interface DetailTraits extends ActionTraits {
  children?: ChildrenSpec;
  meter?: (o: NodusObject) => MoneyMeter | undefined;
  /** The overview's money over time; none for kinds that are not billed. */
  spend?: SpendView;
  facts: (o: NodusObject) => Fact[];
  /** It lists what it exposes (status.endpoints) on its overview. */
  endpoints: boolean;
  /** Its page can invoke it (the `invoke` subresource), when discovery lists that too. */
  invoke: boolean;
  /** Its files can be browsed (the `files` subresource): the page has a Files tab. */
  files: boolean;
  /** A shell opens in it while it runs (the kind's `exec` fact). */
  exec?: boolean;
}

const traits = new Map<string, DetailTraits>();

function build(kind: string): DetailTraits {
  const p = presentationOf(kind);
  const children = p.children;
  return {
    lifecycle: p.lifecycle,
    ...(p.states ? { states: p.states } : {}),
    restart: p.restart,
    ...(p.exec ? { exec: true } : {}),
    ...(p.meter ? { meter: p.meter } : {}),
    ...(p.spend ? { spend: p.spend } : {}),
    facts: summaryOf(kind),
    endpoints: p.endpoints === true,
    invoke: p.invoke === true,
    files: p.files === true,
    ...(children
      ? {
          children: {
            plural: children.plural,
            kind: children.kind,
            labelSelector: (o: NodusObject) => childSelector(children, o),
          },
        }
      : {}),
  };
}

/** One object per kind, so a view given the same kind twice sees the same traits. */
export function detailTraits(kind: string): DetailTraits {
  let found = traits.get(kind);
  if (!found) traits.set(kind, (found = build(kind)));
  return found;
}
