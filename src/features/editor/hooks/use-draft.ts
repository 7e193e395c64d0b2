/**
 * The draft's text, kept in localStorage on every change (per project and kind), with the text set aside when
 * another one arrived, and the pending launch (ETag + Idempotency-Key) whose outcome is not known yet.
 */
import { useCallback, useState } from 'react';
import { browserStorage, loadDraft, removeDraft, saveDraft } from '@/lib/draft-store.ts';
import {
  parseNewObjectDraft,
  startingDraft,
  swapSetAside,
  type NewObjectDraft,
  type PendingLaunch,
} from '../model/new-object-draft.ts';

export interface DraftState {
  text: string;
  savedAt: string;
  setAside: NewObjectDraft['setAside'];
  pendingLaunch: PendingLaunch | undefined;
  /** False when the browser refused to store the draft (private mode, quota): the page says so. */
  stored: boolean;
  /** True when the text came from location.state.yaml. */
  fromIncoming: boolean;
  setText: (text: string) => void;
  restoreSetAside: () => void;
  dropSetAside: () => void;
  /** Back to the template; the discarded text is set aside once more, so even a discard can be undone. */
  discard: () => void;
  setPendingLaunch: (pending: PendingLaunch | undefined) => void;
  /** After a launch: the draft is done. */
  clear: () => void;
}

const now = () => new Date().toISOString();

export function useDraft(project: string, plural: string, template: string, incoming: string | undefined): DraftState {
  const [state, setState] = useState(() => {
    const store = browserStorage();
    const draft = startingDraft(loadDraft({ project, plural }, parseNewObjectDraft, store), incoming, template, now());
    return { draft, stored: saveDraft({ project, plural }, draft, store) };
  });

  const update = useCallback(
    (change: (draft: NewObjectDraft) => NewObjectDraft) => {
      setState((prev) => {
        const draft = change(prev.draft);
        return { draft, stored: saveDraft({ project, plural }, draft) };
      });
    },
    [project, plural],
  );

  const { draft } = state;
  return {
    text: draft.text,
    savedAt: draft.savedAt,
    setAside: draft.setAside,
    pendingLaunch: draft.pendingLaunch,
    stored: state.stored,
    fromIncoming: incoming !== undefined && draft.text === incoming,
    setText: useCallback(
      (text: string) => update((d) => (d.text === text ? d : { ...d, text, savedAt: now() })),
      [update],
    ),
    restoreSetAside: useCallback(() => update((d) => swapSetAside(d, now())), [update]),
    dropSetAside: useCallback(() => update(({ setAside: _s, ...d }) => d), [update]),
    discard: useCallback(
      () =>
        update((d) =>
          d.text === template ? d : { text: template, savedAt: now(), setAside: { text: d.text, savedAt: d.savedAt } },
        ),
      [update, template],
    ),
    setPendingLaunch: useCallback(
      (pending: PendingLaunch | undefined) =>
        update(({ pendingLaunch: _p, ...d }) => (pending ? { ...d, pendingLaunch: pending } : d)),
      [update],
    ),
    clear: useCallback(() => {
      removeDraft({ project, plural });
      setState({ draft: { text: template, savedAt: now() }, stored: true });
    }, [project, plural, template]),
  };
}
