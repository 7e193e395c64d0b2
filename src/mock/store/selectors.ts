/**
 * Kubernetes label selectors (the grammar is src/shared/label-selector.ts, which the console's selector box uses
 * too) and the field selectors Nodus supports (`metadata.name`, `metadata.namespace`, `status.phase`). A bad
 * selector throws a BadRequest that says why.
 */
import {
  SELECTOR_FORMS,
  matchesLabels,
  parseLabelSelector as parseLabels,
  splitTerms,
} from '@/shared/label-selector.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { ApiFailure } from '../http/errors.ts';

export type Selector = (obj: NodusObject) => boolean;

function bad(selector: string, why: string, param: string): ApiFailure {
  return new ApiFailure('BadRequest', `unable to parse ${param} "${selector}": ${why}`, {
    fix:
      param === 'labelSelector'
        ? `Use ${SELECTOR_FORMS}.`
        : 'Use metadata.name, metadata.namespace or status.phase with =, == or !=, separated by commas.',
  });
}

export function parseLabelSelector(text: string | null): Selector | undefined {
  if (text === null || text.trim() === '') return undefined;
  const parsed = parseLabels(text);
  if (!parsed.ok) throw bad(text, parsed.why, 'labelSelector');
  return (obj) => matchesLabels(parsed.requirements, obj.metadata.labels ?? {});
}

const FIELDS: Record<string, (obj: NodusObject) => string> = {
  'metadata.name': (o) => o.metadata.name ?? '',
  'metadata.namespace': (o) => o.metadata.namespace ?? '',
  'status.phase': (o) => String(o.status?.phase ?? ''),
};

export function parseFieldSelector(
  text: string | null,
  extra: Record<string, (obj: NodusObject) => string> = {},
): Selector | undefined {
  if (text === null || text.trim() === '') return undefined;
  const fields = { ...FIELDS, ...extra };
  const tests = splitTerms(text).map((term) => {
    const match = /^([A-Za-z.]+)\s*(==|=|!=)\s*(.*)$/.exec(term);
    if (!match) throw bad(text, `cannot read "${term}"`, 'fieldSelector');
    const [, field, op, value] = match as unknown as [string, string, string, string];
    // Own keys only: "valueOf" or "constructor" would otherwise find Object.prototype's, and throw at match time.
    const read = Object.hasOwn(fields, field) ? fields[field] : undefined;
    if (!read) {
      throw new ApiFailure('BadRequest', `field label not supported: "${field}"`, {
        fix: `Select on one of: ${Object.keys(fields).join(', ')}.`,
      });
    }
    return op === '!=' ? (o: NodusObject) => read(o) !== value : (o: NodusObject) => read(o) === value;
  });
  return (obj) => tests.every((t) => t(obj));
}

export function both(a: Selector | undefined, b: Selector | undefined): Selector | undefined {
  if (!a) return b;
  if (!b) return a;
  return (obj) => a(obj) && b(obj);
}
