/**
 * A narrow list read out of a wider one: a watch with selectors (`budgets?fieldSelector=metadata.name=team`, the
 * events of one object) can follow another tab's stream of the whole list of that kind in that project, when one
 * is open, instead of a stream of its own. The wide stream's events are narrowed as the API narrows a watch: an
 * object that comes into the selection is ADDED, one that leaves it DELETED, and each batch still ends at the
 * wide stream's version (a bookmark), so a resume asks the wide stream's owner for what came after it.
 */
import type { WatchObjectEvent } from '../../client/index.ts';
import { fieldsMatch, parseFieldTerms } from '@/shared/field-selector.ts';
import { matchesLabels, parseLabelSelector } from '@/shared/label-selector.ts';
import { objectId, type Held } from '../object-index.ts';
import { watchKey, type ListWatchTarget } from '../target.ts';
import type { Events } from './wire.ts';

/** A wide list longer than this is not read to narrow it: its objects would cost more than a stream of the few. */
export const NARROW_FROM_AT_MOST = 2_000;

export interface Narrow {
  /** The key of the whole list of the kind in the project. */
  wideKey: string;
  matches: (object: Held) => boolean;
}

/** How `target` reads out of the whole list of its kind, or undefined when it is that list or cannot. */
export function narrowOf(target: ListWatchTarget): Narrow | undefined {
  const labels = target.labelSelector?.trim() ?? '';
  const fields = target.fieldSelector?.trim() ?? '';
  // Rows print a kind's columns, not its fields: only whole objects can be read for a field.
  if (target.as || (!labels && !fields)) return undefined;
  const byLabels = labels ? parseLabelSelector(labels) : { ok: true as const, requirements: [] };
  const byFields = fields ? parseFieldTerms(fields) : { ok: true as const, terms: [] };
  if (!byLabels.ok || !byFields.ok) return undefined;
  const { group, version, plural, namespace } = target;
  return {
    wideKey: watchKey({ group, version, plural, namespace }),
    matches: (object) =>
      matchesLabels(byLabels.requirements, object.metadata.labels ?? {}) &&
      fieldsMatch(byFields.terms, (field) => read(object, field)),
  };
}

function read(object: Held, field: string): string {
  let at: unknown = object;
  for (const part of field.split('.'))
    at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
  return at === undefined || at === null ? '' : String(at);
}

/** The events of the narrow list, from the wide list's. */
export class Narrowing {
  private readonly held = new Set<string>();

  constructor(private readonly matches: (object: Held) => boolean) {}

  /** The wide list's objects (ADDED…, then the bookmark that ends them): the narrow list's. */
  list(events: Events): Events {
    this.held.clear();
    return events.filter((event) => {
      if (event.type !== 'ADDED') return true;
      if (!this.matches(event.object)) return false;
      this.held.add(objectId(event.object));
      return true;
    });
  }

  /** A batch of the wide stream (or of its list, as it arrives): the narrow stream's, ending at the same version. */
  batch(events: Events): Events {
    const last = events[events.length - 1];
    const out: WatchObjectEvent<Held>[] = [];
    for (const event of events) {
      if (event.type === 'BOOKMARK') {
        out.push(event);
        continue;
      }
      const id = objectId(event.object);
      const was = this.held.has(id);
      const is = event.type !== 'DELETED' && this.matches(event.object);
      if (is) {
        this.held.add(id);
        out.push(was ? event : { type: 'ADDED', object: event.object });
      } else if (was) {
        this.held.delete(id);
        out.push({ type: 'DELETED', object: event.object });
      }
    }
    const rv = last?.object.metadata.resourceVersion;
    if (rv && out[out.length - 1]?.object.metadata.resourceVersion !== rv)
      out.push({ type: 'BOOKMARK', object: { metadata: { resourceVersion: rv } } });
    return out;
  }
}
