/**
 * Label selectors checked in the browser before they go to the API as `labelSelector`, so a typo gets a clear
 * message under the box instead of a 400 from the server. The grammar is the Kubernetes one the API accepts
 * (src/mock/store/selectors.ts follows it too): `key=value`, `key==value`, `key!=value`, `key in (a,b)`,
 * `key notin (a,b)`, `key` and `!key`, separated by commas.
 */

export type SelectorCheck = { ok: true; selector: string } | { ok: false; message: string };

/** An optional DNS-subdomain prefix and `/`, then a name of at most 63 characters. */
const KEY = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9])?$/;
const MAX_PREFIX = 253;

export const SELECTOR_FORMS = 'key=value, key!=value, key in (a,b), key notin (a,b), key or !key, separated by commas';

/** Splits on the commas that are not inside parentheses; undefined when the parentheses do not pair up. */
function splitTerms(text: string): string[] | undefined {
  const terms: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (depth < 0 || depth > 1) return undefined;
    if (ch === ',' && depth === 0) {
      terms.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (depth !== 0) return undefined;
  terms.push(current.trim());
  return terms;
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

/** The problem with one requirement, or undefined when it reads. */
function termProblem(term: string): string | undefined {
  if (term === '') return 'there is an empty requirement: remove the extra comma';
  let match = /^!\s*([^\s=!(),]+)$/.exec(term);
  if (match) return keyProblem(match[1]!);
  match = /^([^\s=!(),]+)\s+(in|notin)\s*\(([^()]*)\)$/.exec(term);
  if (match) {
    const values = match[3]!.split(',').map((v) => v.trim());
    return keyProblem(match[1]!) ?? values.map(valueProblem).find((p) => p !== undefined);
  }
  match = /^([^\s=!(),]+)\s*(==|=|!=)\s*([^\s=!(),]*)$/.exec(term);
  if (match) return keyProblem(match[1]!) ?? valueProblem(match[3]!);
  match = /^([^\s=!(),]+)$/.exec(term);
  if (match) return keyProblem(match[1]!);
  if (/^\S+\s+(in|notin)\b/.test(term)) return `"${term}" needs its values in parentheses, such as "env in (prod,staging)"`;
  if (/\s/.test(term.replace(/\s*(==|!=|=)\s*/, ''))) return `"${term}" has a space where none may be`;
  return `cannot read "${term}"`;
}

/** Whether `text` is a selector the API accepts; the empty selector (everything) is fine. */
export function checkLabelSelector(text: string): SelectorCheck {
  const selector = text.trim();
  if (selector === '') return { ok: true, selector };
  const terms = splitTerms(selector);
  if (!terms) return { ok: false, message: `The parentheses do not pair up. Use ${SELECTOR_FORMS}.` };
  for (const term of terms) {
    const problem = termProblem(term);
    if (problem) return { ok: false, message: `${capitalise(problem)}. Use ${SELECTOR_FORMS}.` };
  }
  return { ok: true, selector };
}

/**
 * The selector with `key=value` added (a label chip was clicked). A requirement on the same key with `=` or
 * `==` is replaced, since one label cannot equal two values; any other requirement stays.
 */
export function withLabel(selector: string, key: string, value: string): string {
  const terms = (splitTerms(selector.trim()) ?? [selector.trim()]).filter((t) => t !== '');
  const kept = terms.filter((t) => {
    const m = /^([^\s=!(),]+)\s*(==|=)\s*[^\s=!(),]*$/.exec(t);
    return !m || m[1] !== key;
  });
  return [...kept, `${key}=${value}`].join(',');
}

/** Whether the selector already asks for exactly `key=value`. */
export function hasLabel(selector: string, key: string, value: string): boolean {
  return (splitTerms(selector.trim()) ?? []).some((t) => {
    const m = /^([^\s=!(),]+)\s*(==|=)\s*([^\s=!(),]*)$/.exec(t);
    return !!m && m[1] === key && m[3] === value;
  });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
