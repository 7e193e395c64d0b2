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

function bad(selector: string, why: string, param: string, fields: FieldSet = FIELDS): ApiFailure {
  return new ApiFailure('BadRequest', `unable to parse ${param} "${selector}": ${why}`, {
    fix:
      param === 'labelSelector'
        ? `Use ${SELECTOR_FORMS}.`
        : `Use ${Object.keys(fields.read).join(', ')} with =, == or !=, separated by commas.`,
  });
}

export function parseLabelSelector(text: string | null): Selector | undefined {
  if (text === null || text.trim() === '') return undefined;
  const parsed = parseLabels(text);
  if (!parsed.ok) throw bad(text, parsed.why, 'labelSelector');
  return (obj) => matchesLabels(parsed.requirements, obj.metadata.labels ?? {});
}

/** The fields a resource can be selected on, and what to say of a field it does not serve (a name that is close). */
export interface FieldSet {
  read: Record<string, (obj: NodusObject) => string>;
  hint?: (field: string) => string | undefined;
}

const FIELDS: FieldSet = {
  read: {
    'metadata.name': (o) => o.metadata.name ?? '',
    'metadata.namespace': (o) => o.metadata.namespace ?? '',
    'status.phase': (o) => String(o.status?.phase ?? ''),
  },
};

export function parseFieldSelector(text: string | null, fields: FieldSet = FIELDS): Selector | undefined {
  if (text === null || text.trim() === '') return undefined;
  const tests = splitTerms(text).map((term) => {
    const match = /^([A-Za-z.]+)\s*(==|=|!=)\s*(.*)$/.exec(term);
    if (!match) throw bad(text, `cannot read "${term}"`, 'fieldSelector', fields);
    const [, field, op, value] = match as unknown as [string, string, string, string];
    // Own keys only: "valueOf" or "constructor" would otherwise find Object.prototype's, and throw at match time.
    const read = Object.hasOwn(fields.read, field) ? fields.read[field] : undefined;
    if (!read) {
      throw new ApiFailure('BadRequest', `field label not supported: "${field}"`, {
        fix: fields.hint?.(field) ?? `Select on one of: ${Object.keys(fields.read).join(', ')}.`,
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
