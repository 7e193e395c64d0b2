/**
 * The draft of a new object, one per project and kind (kept by src/lib/draft-store.ts), so a reload or a
 * closed tab loses no work. Only the text and what the launch needs to finish safely (the reviewed ETag and its
 * Idempotency-Key) are kept; never the API key. When a text arrives from elsewhere ("create a new object from this edit") while a different
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

export interface NewObjectDraft {
  text: string;
  savedAt: string;
  setAside?: SetAsideDraft;
  pendingLaunch?: PendingLaunch;
}

/** The stored value as a draft, or undefined for anything else (it is read back from localStorage). */
export function parseNewObjectDraft(value: unknown): NewObjectDraft | undefined {
  return typeof value === 'object' && value !== null && typeof (value as NewObjectDraft).text === 'string'
    ? (value as NewObjectDraft)
    : undefined;
}

/**
 * The draft to start from when the page opens. `incoming` (location.state.yaml) wins over the stored draft; a
 * stored draft with other text is set aside so the person can restore it.
 */
export function startingDraft(
  stored: NewObjectDraft | undefined,
  incoming: string | undefined,
  template: string,
  now: string,
): NewObjectDraft {
  if (incoming === undefined) return stored ?? { text: template, savedAt: now };
  if (!stored || stored.text === incoming || stored.text.trim() === '')
    return { ...stored, text: incoming, savedAt: now };
  return { text: incoming, savedAt: now, setAside: { text: stored.text, savedAt: stored.savedAt } };
}

/** Swaps the current text and the set-aside one, so restoring never loses the text being replaced either. */
export function swapSetAside(draft: NewObjectDraft, now: string): NewObjectDraft {
  if (!draft.setAside) return draft;
  return { ...draft, text: draft.setAside.text, savedAt: now, setAside: { text: draft.text, savedAt: draft.savedAt } };
}
