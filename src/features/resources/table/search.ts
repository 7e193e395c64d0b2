/**
 * The text filter: every word typed must appear somewhere in an object's name, phase, owner or labels (the
 * creator is a label; not its project, which every row of a project's table shares). What an object is
 * searched by is built once per object version (objects are immutable), so typing at 50,000 objects scans
 * strings and builds none.
 */
import { whenIdle } from '@/lib/idle.ts';
import { SHARED_PRINTER_COLUMNS, printedValue, type TableItem } from '@/shared/printer-columns.ts';

const phaseOf = printedValue(SHARED_PRINTER_COLUMNS.PHASE);
const texts = new WeakMap<TableItem, string>();

export function searchText(object: TableItem): string {
  let text = texts.get(object);
  if (text === undefined) {
    // Concatenated by hand and lowercased only when needed: at 50,000 objects this is the first keystroke's cost.
    const { name, labels, ownerReferences } = object.metadata;
    text = name ?? '';
    const phase = phaseOf(object);
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
export function textMatcher(query: string, acrossProjects = false): ((object: TableItem) => boolean) | undefined {
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
 * Builds the search texts of a table's objects in idle time, a slice at a time, as they arrive: each page of a
 * list while it loads, then the whole list. The first keystroke in the filter then finds them built instead of
 * building 50,000 at once (docs/PERFORMANCE.md has the trace).
 */
export class SearchWarmer {
  private items: readonly TableItem[] = [];
  private next = 0;
  private cancel: (() => void) | undefined;

  /** Warms `items` from where the last call got to: a list's pages only add objects at the end. */
  extend(items: readonly TableItem[]): void {
    this.items = items;
    if (this.next > items.length) this.next = 0;
    if (this.cancel === undefined && this.next < items.length) this.schedule();
  }

  /** Objects given so far whose text is not built yet, or may not be. */
  get remaining(): number {
    return this.items.length - this.next;
  }

  stop(): void {
    this.cancel?.();
    this.cancel = undefined;
  }

  private schedule(): void {
    this.cancel = whenIdle(this.step);
  }

  private readonly step = (deadline?: IdleDeadline): void => {
    this.cancel = undefined;
    const items = this.items;
    const until = performance.now() + Math.min(8, deadline?.timeRemaining() ?? 8);
    while (this.next < items.length && performance.now() < until) {
      const end = Math.min(items.length, this.next + 250);
      for (; this.next < end; this.next++) searchText(items[this.next]!);
    }
    if (this.next < items.length) this.schedule();
  };
}
