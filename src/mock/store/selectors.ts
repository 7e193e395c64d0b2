/**
 * Kubernetes label selectors (the grammar is src/shared/label-selector.ts, which the console's selector box uses
 * too) and the field selectors Nodus supports (`metadata.name`, `metadata.namespace`, `status.phase`). A bad
 * selector throws a BadRequest that says why.
 */
import { SELECTOR_FORMS, matchesLabels, parseLabelSelector as parseLabels } from '@/shared/label-selector.ts';
import { fieldsMatch, parseFieldTerms } from '@/shared/field-selector.ts';
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
  const parsed = parseFieldTerms(text);
  if (!parsed.ok) throw bad(text, `cannot read "${parsed.term}"`, 'fieldSelector', fields);
  const readers = new Map<string, (obj: NodusObject) => string>();
  for (const { field } of parsed.terms) {
    // Own keys only: "valueOf" or "constructor" would otherwise find Object.prototype's, and throw at match time.
    const read = Object.hasOwn(fields.read, field) ? fields.read[field] : undefined;
    if (!read) {
      throw new ApiFailure('BadRequest', `field label not supported: "${field}"`, {
        fix: fields.hint?.(field) ?? `Select on one of: ${Object.keys(fields.read).join(', ')}.`,
      });
    }
    readers.set(field, read);
  }
  return (obj) => fieldsMatch(parsed.terms, (field) => readers.get(field)!(obj));
}

export function both(a: Selector | undefined, b: Selector | undefined): Selector | undefined {
  if (!a) return b;
  if (!b) return a;
  return (obj) => a(obj) && b(obj);
}
