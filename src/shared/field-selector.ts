/**
 * Field selectors, one grammar for both sides: `field=value`, `field==value` or `field!=value`, separated by
 * commas (the fields a kind serves are the API's to say: src/mock/store/selectors.ts). The mock parses a
 * request's `fieldSelector` with it; the console reads a list another tab streams through it, to show the part
 * of it that a narrower watch would have brought (data/watch/share/).
 */
import { splitTerms } from './label-selector.ts';

export interface FieldTerm {
  field: string;
  op: '=' | '!=';
  value: string;
}

/** The terms, or the first one that cannot be read. */
export function parseFieldTerms(text: string): { ok: true; terms: FieldTerm[] } | { ok: false; term: string } {
  const terms: FieldTerm[] = [];
  for (const term of splitTerms(text)) {
    const match = /^([A-Za-z.]+)\s*(==|=|!=)\s*(.*)$/.exec(term);
    if (!match) return { ok: false, term };
    const [, field, op, value] = match as unknown as [string, string, string, string];
    terms.push({ field, op: op === '!=' ? '!=' : '=', value });
  }
  return { ok: true, terms };
}

/** Whether the terms hold, each field read by `read` (a missing field reads as ""). */
export function fieldsMatch(terms: readonly FieldTerm[], read: (field: string) => string): boolean {
  return terms.every((t) => (read(t.field) === t.value) === (t.op === '='));
}
