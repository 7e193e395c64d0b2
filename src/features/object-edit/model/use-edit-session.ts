/**
 * The state of one edit: the text, the object it started from, the draft kept in localStorage, the save (PUT
 * with the resourceVersion that was read) and, when the server moved on, the three-way merge. Components only
 * render what this returns.
 */
import { useCallback, useMemo, useState } from 'react';
import { toApiError, type ApiError } from '../../../data/client/index.ts';
import { threeWayMerge, withoutServerFields, type MergedChange, type MergeResult } from './merge/index.ts';
import type { NodusObject } from '../../../shared/protocol.ts';
import { readObject, updateObject, type EditKind } from '../api/update-object.ts';
import { loadDraft, removeDraft, saveDraft } from '../../../lib/draft-store.ts';
import { parseEditDraft, type EditDraft } from './edit-draft.ts';
import { editableFieldsDiffer, parseEdit, putBody, toEditYaml, type ParsedEdit } from './edit-yaml.ts';

interface Draft {
  text: string;
  base: NodusObject;
  /** The live resourceVersion when `base` was set: while live stays there, it is not newer than base. */
  liveRvAtBase?: string | undefined;
}

export interface MergeState {
  /** Where the three-way view came from: a refused save, or the watch showing a change while editing. */
  origin: 'save-conflict' | 'live';
  base: NodusObject;
  theirs: NodusObject;
  mine: NodusObject;
  resolutions: Map<string, { value: unknown }>;
}

export type Outcome =
  | { type: 'saved'; object: NodusObject; fromRv: string | undefined; mergedFromServer: MergedChange[] }
  | { type: 'failed'; error: ApiError; attemptedText: string };

/** How many times a save that merged cleanly is sent again when the server moved once more in between. */
const MAX_AUTO_MERGES = 3;

export function useEditSession(kind: EditKind, project: string, name: string, live: NodusObject | undefined) {
  const place = useMemo(() => ({ project, plural: kind.plural, name }), [project, kind.plural, name]);
  const [restored] = useState(() => loadDraft(place, parseEditDraft));
  const [draft, setDraftState] = useState<Draft | undefined>(restored ? { text: restored.text, base: restored.base } : undefined);
  const [kept, setKept] = useState(true);
  const [merge, setMerge] = useState<MergeState | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  const pristine = useMemo(() => (draft ? toEditYaml(draft.base) : undefined), [draft]);
  const dirty = draft !== undefined && draft.text !== pristine;
  // Not editing: follow the object as it changes (unless live lags behind a save this tab just made).
  const followLive = live !== undefined && !dirty && (!draft || (live.metadata.resourceVersion !== draft.base.metadata.resourceVersion && live.metadata.resourceVersion !== draft.liveRvAtBase));
  const base = followLive ? live : draft?.base;
  const liveText = useMemo(() => (followLive && live ? toEditYaml(live) : undefined), [followLive, live]);
  const text = liveText ?? draft?.text ?? '';
  const parsed: ParsedEdit = useMemo(() => parseEdit(text), [text]);

  const setDraft = useCallback(
    (next: Draft | undefined) => {
      setDraftState(next);
      if (next && next.text !== toEditYaml(next.base)) setKept(saveDraft(place, { text: next.text, base: next.base, savedAt: new Date().toISOString() } satisfies EditDraft));
      else removeDraft(place);
    },
    [place],
  );

  const setText = useCallback(
    (next: string) => {
      if (!base) return;
      setDraft({ text: next, base, liveRvAtBase: live?.metadata.resourceVersion });
    },
    [base, live, setDraft],
  );

  const finishSaved = useCallback(
    (saved: NodusObject, fromRv: string | undefined, mergedFromServer: MergedChange[]) => {
      setDraft({ text: toEditYaml(saved), base: saved, liveRvAtBase: live?.metadata.resourceVersion });
      setMerge(undefined);
      setOutcome({ type: 'saved', object: saved, fromRv, mergedFromServer });
    },
    [live, setDraft],
  );

  /**
   * Sends `mine` as an update of `from`. A 409 Conflict reads the object again and merges: a clean merge is sent
   * again against the new resourceVersion by itself; overlapping fields open the three-way view.
   */
  const submit = useCallback(
    async (from: NodusObject, mine: NodusObject, attemptedText: string) => {
      setSaving(true);
      setOutcome(undefined);
      const mergedFromServer: MergedChange[] = [];
      let current = from;
      let edit = mine;
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            const saved = await updateObject(kind, project, name, putBody(withoutServerFields(edit), current));
            finishSaved(saved, from.metadata.resourceVersion, mergedFromServer);
            return;
          } catch (error) {
            const failure = toApiError(error);
            if (failure.code !== 409 || failure.reason !== 'Conflict') throw failure;
            const theirs = await readObject(kind, project, name);
            // The same version, or another object under the same name: not a conflict a merge can settle.
            if (theirs.metadata.resourceVersion === current.metadata.resourceVersion || theirs.metadata.uid !== current.metadata.uid) throw failure;
            const result = threeWayMerge(current, theirs, edit);
            if (result.unresolved > 0 || attempt >= MAX_AUTO_MERGES) {
              setMerge({ origin: 'save-conflict', base: current, theirs, mine: edit, resolutions: new Map() });
              return;
            }
            mergedFromServer.push(...result.changes.filter((c) => c.by === 'theirs'));
            current = theirs;
            edit = result.merged;
          }
        }
      } catch (error) {
        setOutcome({ type: 'failed', error: toApiError(error), attemptedText });
      } finally {
        setSaving(false);
      }
    },
    [kind, project, name, finishSaved],
  );

  const save = useCallback(() => {
    if (!parsed.ok || !base || saving) return;
    void submit(base, parsed.object, text);
  }, [parsed, base, saving, submit, text]);

  const mergeResult: MergeResult<NodusObject> | undefined = useMemo(
    () => (merge ? threeWayMerge(merge.base, merge.theirs, merge.mine, merge.resolutions) : undefined),
    [merge],
  );

  /** What the watch shows changed in the person's fields since they started, while they have unsaved work. */
  const liveChange = useMemo(() => {
    if (!dirty || !draft || !live || merge) return undefined;
    if (live.metadata.resourceVersion === draft.base.metadata.resourceVersion || !editableFieldsDiffer(draft.base, live)) return undefined;
    if (live.metadata.uid !== draft.base.metadata.uid) return undefined;
    return { theirs: live, preview: parsed.ok ? threeWayMerge(draft.base, live, parsed.object) : undefined };
  }, [dirty, draft, live, merge, parsed]);

  const openLiveMerge = useCallback(() => {
    if (!liveChange || !draft || !parsed.ok) return;
    setMerge({ origin: 'live', base: draft.base, theirs: liveChange.theirs, mine: parsed.object, resolutions: new Map() });
  }, [liveChange, draft, parsed]);

  const resolve = useCallback((pathText: string, value: unknown) => {
    setMerge((m) => (m ? { ...m, resolutions: new Map(m.resolutions).set(pathText, { value }) } : m));
  }, []);

  const unresolve = useCallback((pathText: string) => {
    setMerge((m) => {
      if (!m) return m;
      const resolutions = new Map(m.resolutions);
      resolutions.delete(pathText);
      return { ...m, resolutions };
    });
  }, []);

  /** The server moved again while the three-way view was open: merge against its latest copy, keeping choices. */
  const mergeWithLatest = useCallback((theirs: NodusObject) => {
    setMerge((m) => (m ? { ...m, theirs } : m));
  }, []);

  const saveMerged = useCallback(() => {
    if (!merge || !mergeResult || mergeResult.unresolved > 0 || saving) return;
    void submit(merge.theirs, mergeResult.merged, text);
  }, [merge, mergeResult, saving, submit, text]);

  /** Leaves the three-way view with the merged result as the text to go on editing, based on the server's copy. */
  const editMerged = useCallback(() => {
    if (!merge || !mergeResult) return;
    setDraft({ text: toEditYaml(mergeResult.merged), base: merge.theirs, liveRvAtBase: live?.metadata.resourceVersion });
    setMerge(undefined);
  }, [merge, mergeResult, live, setDraft]);

  const closeMerge = useCallback(() => setMerge(undefined), []);

  const discard = useCallback(() => {
    setMerge(undefined);
    setOutcome(undefined);
    setDraft(live ? { text: toEditYaml(live), base: live, liveRvAtBase: live.metadata.resourceVersion } : undefined);
  }, [live, setDraft]);

  return {
    ready: base !== undefined,
    base,
    text,
    setText,
    parsed,
    dirty,
    /** False when the browser would not keep the draft (storage full or off). */
    kept,
    restoredAt: restored && dirty ? restored.savedAt : undefined,
    saving,
    save,
    outcome,
    dismissOutcome: () => setOutcome(undefined),
    liveChange,
    openLiveMerge,
    merge,
    mergeResult,
    resolve,
    unresolve,
    mergeWithLatest,
    saveMerged,
    editMerged,
    closeMerge,
    discard,
  };
}

export type EditSession = ReturnType<typeof useEditSession>;
