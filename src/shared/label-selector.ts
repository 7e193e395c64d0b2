/**
 * Kubernetes label selectors, one grammar for both sides: `key=value`, `key==value`, `key!=value`,
 * `key in (a,b)`, `key notin (a,b)`, `key` and `!key`, separated by commas. The mock parses `labelSelector`
 * with `parseLabelSelector` (terse reasons, as the API words its 400s); the console checks the selector box as
 * the user types with `checkLabelSelector` (messages that say how to fix it), so a typo is caught before the
 * request. What one accepts the other accepts (label-selector.test.ts checks that against the mock).
 */

export type Requirement =
  { key: string; op: 'in' | 'notin'; values: string[] } | { key: string; op: 'exists' | '!exists'; values: [] };

export type SelectorParse = { ok: true; requirements: Requirement[] } | { ok: false; why: string };

export type SelectorCheck = { ok: true; selector: string } | { ok: false; message: string };

/** An optional DNS-subdomain prefix and `/`, then a name of at most 63 characters. */
const KEY =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9])?$/;
const MAX_PREFIX = 253;

const NOT = /^!\s*([^\s=!(),]+)$/;
const SET = /^([^\s=!(),]+)\s+(in|notin)\s*\(([^()]*)\)$/;
const EQUALITY = /^([^\s=!(),]+)\s*(==|=|!=)\s*([^\s=!(),]*)$/;
const EXISTS = /^([^\s=!(),]+)$/;

export const SELECTOR_FORMS = 'key=value, key!=value, key in (a,b), key notin (a,b), key or !key, separated by commas';

/** Splits on the commas that are not inside parentheses, and trims each term. */
export function splitTerms(text: string): string[] {
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

/** Whether every parenthesis is closed, none nests and none closes before it opens. */
function parenthesesPair(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (depth < 0 || depth > 1) return false;
  }
  return depth === 0;
}

/** One requirement as written (key and values unchecked), or undefined when it does not read. */
function readTerm(term: string): Requirement | undefined {
  let match = NOT.exec(term);
  if (match) return { key: match[1]!, op: '!exists', values: [] };
  match = SET.exec(term);
  if (match) {
    // "()" is a set of no values (which is refused); "(,)" holds the empty value, as Kubernetes reads them.
    const values = match[3]!.trim() === '' ? [] : match[3]!.split(',').map((v) => v.trim());
    return { key: match[1]!, op: match[2] as 'in' | 'notin', values };
  }
  match = EQUALITY.exec(term);
  if (match) return { key: match[1]!, op: match[2] === '!=' ? 'notin' : 'in', values: [match[3]!] };
  match = EXISTS.exec(term);
  if (match) return { key: match[1]!, op: 'exists', values: [] };
  return undefined;
}

function emptySetProblem(requirement: Requirement): string | undefined {
  if ((requirement.op === 'in' || requirement.op === 'notin') && requirement.values.length === 0)
    return `"${requirement.key} ${requirement.op} ()" has no values: "in" and "notin" need at least one`;
  return undefined;
}

/** The API's reading: the requirements, or why the selector is refused (values are checked before the key). */
export function parseLabelSelector(text: string): SelectorParse {
  const requirements: Requirement[] = [];
  for (const term of splitTerms(text)) {
    if (term === '') return { ok: false, why: 'empty requirement' };
    const requirement = readTerm(term);
    if (!requirement) return { ok: false, why: `cannot read "${term}"` };
    const empty = emptySetProblem(requirement);
    if (empty) return { ok: false, why: empty };
    const value = requirement.values.find((v) => !VALUE.test(v));
    if (value !== undefined) return { ok: false, why: `"${value}" is not a valid label value` };
    if (!KEY.test(requirement.key)) return { ok: false, why: `"${requirement.key}" is not a valid label key` };
    requirements.push(requirement);
  }
  return { ok: true, requirements };
}

export function matchesLabels(requirements: readonly Requirement[], labels: Record<string, string>): boolean {
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
}

function keyProblem(key: string): string | undefined {
  const slash = key.indexOf('/');
  if (slash > MAX_PREFIX) return `the prefix of "${key}" is longer than ${MAX_PREFIX} characters`;
  if (KEY.test(key)) return undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (name.length > 63) return `the label name "${name}" is longer than 63 characters`;
  return `"${key}" is not a valid label key: use letters, digits, "-", "_" and ".", starting and ending with a letter or digit, after an optional prefix such as "example.com/"`;
}

function valueProblem(value: string): string | undefined {
  if (VALUE.test(value)) return undefined;
  if (value.length > 63) return `the value "${value.slice(0, 20)}…" is longer than 63 characters`;
  return `"${value}" is not a valid label value: use letters, digits, "-", "_" and ".", starting and ending with a letter or digit`;
}

/** The problem with one requirement for the selector box (the key before the values), or undefined. */
function termProblem(term: string): string | undefined {
  if (term === '') return 'there is an empty requirement: remove the extra comma';
  const requirement = readTerm(term);
  if (requirement)
    return (
      keyProblem(requirement.key) ??
      emptySetProblem(requirement) ??
      requirement.values.map(valueProblem).find((p) => p !== undefined)
    );
  if (/^\S+\s+(in|notin)\b/.test(term))
    return `"${term}" needs its values in parentheses, such as "env in (prod,staging)"`;
  if (/\s/.test(term.replace(/\s*(==|!=|=)\s*/, ''))) return `"${term}" has a space where none may be`;
  return `cannot read "${term}"`;
}

/** The selector box's check: whether `text` is a selector the API accepts; the empty selector is fine. */
export function checkLabelSelector(text: string): SelectorCheck {
  const selector = text.trim();
  if (selector === '') return { ok: true, selector };
  if (!parenthesesPair(selector))
    return { ok: false, message: `The parentheses do not pair up. Use ${SELECTOR_FORMS}.` };
  for (const term of splitTerms(selector)) {
    const problem = termProblem(term);
    if (problem) return { ok: false, message: `${capitalise(problem)}. Use ${SELECTOR_FORMS}.` };
  }
  return { ok: true, selector };
}

/** The terms of a selector being edited; the whole text as one term when its parentheses do not pair up. */
function editedTerms(selector: string): string[] {
  const text = selector.trim();
  return parenthesesPair(text) ? splitTerms(text) : [text];
}

/** The key of an equality (`=` or `==`) requirement on one value, or undefined. */
function equality(term: string): { key: string; value: string } | undefined {
  const match = EQUALITY.exec(term);
  return match && match[2] !== '!=' ? { key: match[1]!, value: match[3]! } : undefined;
}

/**
 * The selector with `key=value` added (a label chip was clicked). A requirement on the same key with `=` or
 * `==` is replaced, since one label cannot equal two values; any other requirement stays.
 */
export function withLabel(selector: string, key: string, value: string): string {
  const kept = editedTerms(selector).filter((t) => t !== '' && equality(t)?.key !== key);
  return [...kept, `${key}=${value}`].join(',');
}

/** Whether the selector already asks for exactly `key=value`. */
export function hasLabel(selector: string, key: string, value: string): boolean {
  const text = selector.trim();
  if (!parenthesesPair(text)) return false;
  return splitTerms(text).some((t) => {
    const found = equality(t);
    return !!found && found.key === key && found.value === value;
  });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
