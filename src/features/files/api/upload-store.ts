/**
 * The uploads of this tab as data (what each is, how far it got), apart from the code that runs them
 * (uploads.ts): the shell's tray reads this on every page, and only this.
 */
import { create } from 'zustand';
import type { FilesTarget } from './target.ts';

export type UploadPhase = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface Upload {
  id: number;
  /** targetKey of the tree it goes to. */
  key: string;
  target: FilesTarget;
  /** Where it is written, absolute in the tree. */
  path: string;
  name: string;
  size: number;
  phase: UploadPhase;
  sent: number;
  startedAt: number;
  at: number;
  error?: unknown;
}

interface UploadsState {
  uploads: Upload[];
  /** Trees whose files view is open now, by targetKey (a count: two views of one tree may be open). */
  shown: Record<string, number>;
}

export const useUploadStore = create<UploadsState>()(() => ({ uploads: [], shown: {} }));

export const isActive = (u: Upload) => u.phase === 'queued' || u.phase === 'uploading';
