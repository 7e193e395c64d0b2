/**
 * Kubernetes label selectors (equality, set-based, exists) and the field selectors Nodus supports
 * (`metadata.name`, `metadata.namespace`, `status.phase`). A bad selector throws a BadRequest that says why.
 */
import type { NodusObject } from '../../shared/protocol.ts';
import { ApiFailure } from '../http/errors.ts';

type Requirement =
  | { key: string; op: 'in' | 'notin'; values: string[] }
  | { key: string; op: 'exists' | '!exists' };

export type Selector = (obj: NodusObject) => boolean;

const KEY = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9])?$/;

function bad(selector: string, why: string, param: string): ApiFailure {
  return new ApiFailure('BadRequest', `unable to parse ${param} "${selector}": ${why}`, {
    fix: param === 'labelSelector'
      ? 'Use key=value, key!=value, key in (a,b), key notin (a,b), key or !key, separated by commas.'
      : 'Use metadata.name, metadata.namespace or status.phase with =, == or !=, separated by commas.',
  });
}

/** Splits on commas that are not inside parentheses. */
function splitTerms(text: string): string[] {
  const terms: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      terms.push(current);
      current = '';
    } else current += ch;
  }
  terms.push(current);
  return terms.map((t) => t.trim());
}

function parseLabelTerm(term: string, whole: string): Requirement {
  const fail = (why: string) => bad(whole, why, 'labelSelector');
  let match = /^!\s*([^\s=!(),]+)$/.exec(term);
  if (match) return { key: checkKey(match[1]!, fail), op: '!exists' };
  match = /^([^\s=!(),]+)\s+(in|notin)\s*\(([^()]*)\)$/.exec(term);
  if (match) {
    const values = match[3]!.split(',').map((v) => v.trim());
    for (const v of values) checkValue(v, fail);
    return { key: checkKey(match[1]!, fail), op: match[2] as 'in' | 'notin', values };
  }
  match = /^([^\s=!(),]+)\s*(==|=|!=)\s*([^\s=!(),]*)$/.exec(term);
  if (match) {
    const value = checkValue(match[3]!, fail);
    return { key: checkKey(match[1]!, fail), op: match[2] === '!=' ? 'notin' : 'in', values: [value] };
  }
  match = /^([^\s=!(),]+)$/.exec(term);
  if (match) return { key: checkKey(match[1]!, fail), op: 'exists' };
  throw fail(`cannot read "${term}"`);
}

function checkKey(key: string, fail: (why: string) => ApiFailure): string {
  if (!KEY.test(key)) throw fail(`"${key}" is not a valid label key`);
  return key;
}

function checkValue(value: string, fail: (why: string) => ApiFailure): string {
  if (!VALUE.test(value)) throw fail(`"${value}" is not a valid label value`);
  return value;
}

export function parseLabelSelector(text: string | null): Selector | undefined {
  if (text === null || text.trim() === '') return undefined;
  const requirements = splitTerms(text).map((term) => {
    if (term === '') throw bad(text, 'empty requirement', 'labelSelector');
    return parseLabelTerm(term, text);
  });
  return (obj) => {
    const labels = obj.metadata.labels ?? {};
    return requirements.every((r) => {
      const has = Object.prototype.hasOwnProperty.call(labels, r.key);
      switch (r.op) {
        case 'exists':
          return has;
        case '!exists':
          return !has;
        case 'in':
          return has && r.values.includes(labels[r.key]!);
        case 'notin':
          return !has || !r.values.includes(labels[r.key]!);
      }
    });
  };
}

const FIELDS: Record<string, (obj: NodusObject) => string> = {
  'metadata.name': (o) => o.metadata.name ?? '',
  'metadata.namespace': (o) => o.metadata.namespace ?? '',
  'status.phase': (o) => String(o.status?.phase ?? ''),
};

export function parseFieldSelector(text: string | null, extra: Record<string, (obj: NodusObject) => string> = {}): Selector | undefined {
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
