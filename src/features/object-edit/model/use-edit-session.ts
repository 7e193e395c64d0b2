/**
 * The edit of one object (model/edit-session.ts, a plain state machine) read as React state. Components only
 * render what this returns.
 */
import { useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { NodusObject } from '@/shared/protocol.ts';
import { readObject, updateObject, type EditKind } from '../api/update-object.ts';
import { deriveEdit, EditSessionFlow } from './edit-session.ts';

export type { MergeState, Outcome } from './edit-session.ts';

export function useEditSession(kind: EditKind, project: string, name: string, live: NodusObject | undefined) {
  // The machine reads the live object when it acts (in an event, after this render's layout effects ran).
  const liveRef = useRef(live);
  useLayoutEffect(() => {
    liveRef.current = live;
  }, [live]);
  // One machine per object: another object (the route changed under this view) starts from its own draft.
  const target = `${project}/${kind.plural}/${name}`;
  const [held, setHeld] = useState(() => ({ target, flow: newFlow(kind, project, name, () => liveRef.current) }));
  let flow = held.flow;
  if (held.target !== target) {
    flow = newFlow(kind, project, name, () => liveRef.current);
    setHeld({ target, flow });
  }
  const state = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState);
  const view = useMemo(() => deriveEdit(state, live), [state, live]);
  const { restored, kept, saving, outcome, merge } = state;

  return {
    ready: view.base !== undefined,
    base: view.base,
    text: view.text,
    setText: flow.setText,
    parsed: view.parsed,
    dirty: view.dirty,
    /** False when the browser would not keep the draft (storage full or off). */
    kept,
    restoredAt: restored && view.dirty ? restored.savedAt : undefined,
    saving,
    save: flow.save,
    outcome,
    dismissOutcome: flow.dismissOutcome,
    liveChange: view.liveChange,
    openLiveMerge: flow.openLiveMerge,
    merge,
    mergeResult: view.mergeResult,
    resolve: flow.resolve,
    unresolve: flow.unresolve,
    mergeWithLatest: flow.mergeWithLatest,
    saveMerged: flow.saveMerged,
    editMerged: flow.editMerged,
    closeMerge: flow.closeMerge,
    discard: flow.discard,
  };
}

function newFlow(
  kind: EditKind,
  project: string,
  name: string,
  getLive: () => NodusObject | undefined,
): EditSessionFlow {
  const api = {
    update: (body: NodusObject) => updateObject(kind, project, name, body),
    read: () => readObject(kind, project, name),
  };
  return new EditSessionFlow(api, { project, plural: kind.plural, name }, getLive);
}

export type EditSession = ReturnType<typeof useEditSession>;
