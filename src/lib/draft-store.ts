/**
 * Unsaved work kept in localStorage, so a reload or a closed tab loses nothing: the draft of a new object (one
 * per project and kind) and the edit of an existing one (per project, kind and name). One key scheme for both;
 * drafts saved under the two older schemes are moved to it when first read, so no unsaved edit is lost. Never
 * holds an API key: callers store text and what finishing needs.
 */

/** The part of Storage this needs (localStorage in the browser, a Map-backed fake in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Whose draft: a new object of a kind in a project, or (with `name`) the edit of one object. */
export interface DraftPlace {
  project: string;
  plural: string;
  name?: string;
}

const PREFIX = 'nodus-console:draft:v2:';

export function draftKey(place: DraftPlace): string {
  return place.name === undefined
    ? `${PREFIX}new/${place.project}/${place.plural}`
    : `${PREFIX}edit/${place.project}/${place.plural}/${place.name}`;
}

/** Where the same draft was kept before the two stores became one. */
export function legacyDraftKey(place: DraftPlace): string {
  return place.name === undefined
    ? `nodus.console.draft.v1/${place.project}/${place.plural}`
    : `nodus-console:edit-draft:v1:${place.project}/${place.plural}/${place.name}`;
}

/** localStorage, or nothing where there is none (private mode, Node): drafts then live for the tab only. */
export function browserStorage(): DraftStorage | undefined {
  try {
    return typeof globalThis.localStorage === 'undefined' ? undefined : globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function read(store: DraftStorage, key: string): unknown {
  const raw = store.getItem(key);
  return raw ? (JSON.parse(raw) as unknown) : undefined;
}

/**
 * The draft of a place, as `parse` accepts it (undefined for garbage). One kept under the old key is moved to
 * the new one; the old copy is removed only once the new one is written.
 */
export function loadDraft<T>(
  place: DraftPlace,
  parse: (value: unknown) => T | undefined,
  store = browserStorage(),
): T | undefined {
  if (!store) return undefined;
  try {
    const current = read(store, draftKey(place));
    if (current !== undefined) return parse(current);
    const legacyKey = legacyDraftKey(place);
    const legacy = read(store, legacyKey);
    if (legacy === undefined) return undefined;
    const draft = parse(legacy);
    if (draft !== undefined && saveDraft(place, draft, store)) store.removeItem(legacyKey);
    return draft;
  } catch {
    return undefined;
  }
}

/** Saves; false when the browser refused (quota, private mode), so the page can say the draft is not kept. */
export function saveDraft(place: DraftPlace, draft: unknown, store = browserStorage()): boolean {
  if (!store) return false;
  try {
    store.setItem(draftKey(place), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(place: DraftPlace, store = browserStorage()): void {
  try {
    store?.removeItem(draftKey(place));
    store?.removeItem(legacyDraftKey(place));
  } catch {
    // Nothing to do: a draft that cannot be removed is only stale text, overwritten by the next save.
  }
}
