/**
 * Unsaved edits, kept in localStorage per project, kind and name, so a reload (or a closed tab) loses nothing
 * until the person saves or discards. The base object is kept with the text: it is what a later merge starts from.
 */
import type { NodusObject } from '../../../shared/protocol.ts';

export interface StoredDraft {
  text: string;
  /** The object the edit started from; its resourceVersion is the one the save is made against. */
  base: NodusObject;
  /** ISO time of the last keystroke kept. */
  savedAt: string;
}

const PREFIX = 'nodus-console:edit-draft:v1:';

export function draftKey(project: string, plural: string, name: string): string {
  return `${PREFIX}${project}/${plural}/${name}`;
}

/** A Storage, or nothing where there is none (private mode, tests in Node): drafts then live for the tab only. */
function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function loadDraft(key: string, store = storage()): StoredDraft | undefined {
  const raw = store?.getItem(key);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<StoredDraft>;
    if (typeof value.text !== 'string' || typeof value.base !== 'object' || value.base === null) return undefined;
    return { text: value.text, base: value.base, savedAt: typeof value.savedAt === 'string' ? value.savedAt : '' };
  } catch {
    return undefined;
  }
}

/** False when the browser refused (storage full): the caller tells the person the edit is not kept. */
export function saveDraft(key: string, draft: StoredDraft, store = storage()): boolean {
  if (!store) return false;
  try {
    store.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(key: string, store = storage()): void {
  try {
    store?.removeItem(key);
  } catch {
    // Nothing to keep: a draft that cannot be removed is overwritten by the next save.
  }
}
