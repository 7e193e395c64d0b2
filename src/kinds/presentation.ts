/**
 * The shape of a kind's presentation in the console and how an entry is built from the shared facts: what the
 * registry's author writes (KindLook) and what every view reads (KindPresentation: the facts, the look, and
 * what follows from both, such as the delete's cascade and the children's label selector).
 */
import type { ChildKind, KindFacts } from '../shared/kinds.ts';
import type { NodusObject } from '../shared/protocol.ts';
import type { ColumnSpec } from './columns.ts';

export interface MoneyMeter {
  spent: unknown;
  limit: unknown;
  /** "spent of max" wording. */
  spentLabel: string;
  limitLabel: string;
  /** The spec field the limit is, for the raise dialog. */
  limitField?: 'maxCostUSD';
}

export type SpendView = 'object' | 'budget';

/** What the console adds to a kind's facts. */
export interface KindLook {
  /** The table's columns between Name and Labels, in order. */
  columns: readonly ColumnSpec[];
  /** The money bar of the object page; a cap in the spec (limitField) can be raised. */
  meter?: (object: NodusObject) => MoneyMeter | undefined;
  /**
   * The object page's money over time: `object` for what is billed for itself or for its children (its spend and
   * rate against its max cost), `budget` for a Budget (its period's spend against the limit, and a forecast).
   */
  spend?: SpendView;
  /** An SVG path on a 20×20 grid, drawn with a 1.6 stroke. */
  icon: string;
  /** What a new object's text starts with beyond what its schema requires. */
  template?: { command?: readonly string[] };
  /** It serves on ports while Running: the object page lists status.endpoints with their URLs. */
  endpoints?: boolean;
}

export interface KindPresentation extends KindFacts, KindLook {
  /** What else a delete removes, as words ("the Jobs it started"). */
  cascade?: string;
  /** False only for the fallback of a kind the spec does not declare. */
  declared: boolean;
}

/** Spent against the spec's maxCostUSD: every billable kind's meter. */
export const costMeter = (o: NodusObject): MoneyMeter | undefined =>
  o.spec?.maxCostUSD === undefined && o.status?.costUSD === undefined
    ? undefined
    : {
        spent: o.status?.costUSD ?? '0.00',
        limit: o.spec?.maxCostUSD,
        spentLabel: 'spent',
        limitLabel: 'max cost',
        limitField: 'maxCostUSD',
      };

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A registry entry: the kind's facts, its look, and what follows from them. */
export function presentation(facts: KindFacts, look: KindLook, declared = true): KindPresentation {
  return {
    ...facts,
    ...look,
    ...(facts.children ? { cascade: `the ${capitalized(facts.children.plural)} it started` } : {}),
    declared,
  };
}

/** The label selector that finds an owner's children (ownerReferences then pick the owner's by uid). */
export function childSelector(children: ChildKind, owner: NodusObject): string {
  return `${children.label}=${owner.metadata.name ?? ''}`;
}
