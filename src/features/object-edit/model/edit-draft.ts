/**
 * An unsaved edit of one object (kept by src/lib/draft-store.ts per project, kind and name) until the person
 * saves or discards. The base object is kept with the text: it is what a later merge starts from.
 */
import type { NodusObject } from '@/shared/protocol.ts';

export interface EditDraft {
  text: string;
  /** The object the edit started from; its resourceVersion is the one the save is made against. */
  base: NodusObject;
  /** ISO time of the last keystroke kept. */
  savedAt: string;
}

/** The stored value as an edit, or undefined for anything else (it is read back from localStorage). */
export function parseEditDraft(raw: unknown): EditDraft | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const value = raw as Partial<EditDraft>;
  if (typeof value.text !== 'string' || typeof value.base !== 'object' || value.base === null) return undefined;
  return { text: value.text, base: value.base, savedAt: typeof value.savedAt === 'string' ? value.savedAt : '' };
}
