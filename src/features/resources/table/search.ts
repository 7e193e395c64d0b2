/**
 * The text filter: every word typed must appear somewhere in an object's name, phase, owner or labels (the
 * creator is a label; not its project, which every row of a project's table shares). What an object is
 * searched by is built once per object version (objects are immutable), so typing at 50,000 objects scans
 * strings and builds none.
 */
import type { NodusObject } from '../../../shared/protocol.ts';

const texts = new WeakMap<NodusObject, string>();

export function searchText(object: NodusObject): string {
  let text = texts.get(object);
  if (text === undefined) {
    // Concatenated by hand and lowercased only when needed: at 50,000 objects this is the first keystroke's cost.
    const { name, labels, ownerReferences } = object.metadata;
    text = name ?? '';
    const phase = object.status?.phase;
    if (typeof phase === 'string') text += `\n${phase}`;
    if (ownerReferences) for (const ref of ownerReferences) text += `\n${ref.name}`;
    if (labels) for (const key in labels) text += `\n${key}=${labels[key]}`;
    if (/[A-Z]/.test(text)) text = text.toLowerCase();
    texts.set(object, text);
  }
  return text;
}

/**
 * A filter for the words of `query`; undefined when there are none (everything matches). `acrossProjects`: the
 * rows come from several projects, so a word may also name the project.
 */
export function textMatcher(query: string, acrossProjects = false): ((object: NodusObject) => boolean) | undefined {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  if (acrossProjects) {
    return (object) => {
      const text = searchText(object);
      const project = object.metadata.namespace?.toLowerCase() ?? '';
      return words.every((w) => text.includes(w) || project.includes(w));
    };
  }
  return (object) => {
    const text = searchText(object);
    return words.every((w) => text.includes(w));
  };
}

/**
 * Builds the search texts of `items` in idle time, a slice at a time, so the first keystroke in the filter
 * does not build 50,000 of them at once. Returns a function that stops it.
 */
export function warmSearchTexts(items: readonly NodusObject[]): () => void {
  let next = 0;
  let handle: number | undefined;
  const idle = typeof requestIdleCallback === 'function';
  const step = (deadline?: IdleDeadline) => {
    const until = performance.now() + Math.min(8, deadline?.timeRemaining() ?? 8);
    while (next < items.length && performance.now() < until) {
      const end = Math.min(items.length, next + 250);
      for (; next < end; next++) searchText(items[next]!);
    }
    if (next < items.length) schedule();
  };
  const schedule = () => {
    handle = idle ? requestIdleCallback(step, { timeout: 2000 }) : window.setTimeout(step, 16);
  };
  schedule();
  return () => {
    if (handle === undefined) return;
    if (idle) cancelIdleCallback(handle);
    else clearTimeout(handle);
  };
}
