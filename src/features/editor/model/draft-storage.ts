/**
 * Drafts kept in localStorage, one per project and kind, so a reload or a closed tab loses no work. Only the
 * text and what the launch needs to finish safely (the reviewed ETag and its Idempotency-Key) are kept; never
 * the API key. When a text arrives from elsewhere ("create a new object from this edit") while a different
 * draft exists, that draft is set aside, not overwritten, and can be restored.
 */

export interface SetAsideDraft {
  text: string;
  savedAt: string;
}

/** A launch that was sent but whose answer never came: retry it with the same key, never with a new one. */
export interface PendingLaunch {
  text: string;
  etag: string;
  idempotencyKey: string;
  at: string;
}

export interface StoredDraft {
  text: string;
  savedAt: string;
  setAside?: SetAsideDraft;
  pendingLaunch?: PendingLaunch;
}

/** The part of Storage this needs (localStorage in the browser, a Map-backed fake in tests). */
export type DraftStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'nodus.console.draft.v1';

export function draftKey(project: string, plural: string): string {
  return `${PREFIX}/${project}/${plural}`;
}

function isDraft(value: unknown): value is StoredDraft {
  return typeof value === 'object' && value !== null && typeof (value as StoredDraft).text === 'string';
}

export function loadDraft(store: DraftStore | undefined, project: string, plural: string): StoredDraft | undefined {
  try {
    const raw = store?.getItem(draftKey(project, plural));
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Saves; returns false when the browser refused (quota, private mode), so the page can say drafts are not kept. */
export function saveDraft(store: DraftStore | undefined, project: string, plural: string, draft: StoredDraft): boolean {
  if (!store) return false;
  try {
    store.setItem(draftKey(project, plural), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(store: DraftStore | undefined, project: string, plural: string): void {
  try {
    store?.removeItem(draftKey(project, plural));
  } catch {
    // Nothing to do: a draft that cannot be removed is only stale text.
  }
}

/**
 * The draft to start from when the page opens. `incoming` (location.state.yaml) wins over the stored draft; a
 * stored draft with other text is set aside so the person can restore it.
 */
export function startingDraft(stored: StoredDraft | undefined, incoming: string | undefined, template: string, now: string): StoredDraft {
  if (incoming === undefined) return stored ?? { text: template, savedAt: now };
  if (!stored || stored.text === incoming || stored.text.trim() === '') return { ...stored, text: incoming, savedAt: now };
  return { text: incoming, savedAt: now, setAside: { text: stored.text, savedAt: stored.savedAt } };
}

/** Swaps the current text and the set-aside one, so restoring never loses the text being replaced either. */
export function swapSetAside(draft: StoredDraft, now: string): StoredDraft {
  if (!draft.setAside) return draft;
  return { ...draft, text: draft.setAside.text, savedAt: now, setAside: { text: draft.text, savedAt: draft.savedAt } };
}

export function safeLocalStorage(): DraftStore | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
