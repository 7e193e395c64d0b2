/**
 * One edit of one object, as a plain state machine (no React; `use-edit-session.ts` is its thin hook): the
 * text and the object it started from, the draft kept in localStorage, the save (PUT with the resourceVersion
 * that was read) and, when the server moved on, the three-way merge. The live object comes from the view's
 * watch through `getLive`; what follows from it and the state is `deriveEdit`, a pure function.
 */
import { toApiError, type ApiError } from '@/data/client/index.ts';
import {
  browserStorage,
  loadDraft,
  removeDraft,
  saveDraft,
  type DraftPlace,
  type DraftStorage,
} from '@/lib/draft-store.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { parseEditDraft, type EditDraft } from './edit-draft.ts';
import { editableFieldsDiffer, parseEdit, putBody, toEditYaml, type ParsedEdit } from './edit-yaml.ts';
import { threeWayMerge, withoutServerFields, type MergedChange, type MergeResult } from './merge/index.ts';

export interface Draft {
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

export interface EditState {
  draft: Draft | undefined;
  /** The draft found in storage when the edit opened. */
  restored: EditDraft | undefined;
  /** False when the browser would not keep the draft (storage full or off). */
  kept: boolean;
  merge: MergeState | undefined;
  outcome: Outcome | undefined;
  saving: boolean;
}

/** The calls an edit makes (src/data/objects.ts in the console, fakes in tests). */
export interface EditApi {
  update: (body: NodusObject) => Promise<NodusObject>;
  read: () => Promise<NodusObject>;
}

/** How many times a save that merged cleanly is sent again when the server moved once more in between. */
export const MAX_AUTO_MERGES = 3;

/** What the view shows, from the machine's state and the live object. */
export function deriveEdit(state: EditState, live: NodusObject | undefined) {
  const { draft, merge } = state;
  const pristine = draft ? toEditYaml(draft.base) : undefined;
  const dirty = draft !== undefined && draft.text !== pristine;
  // Not editing: follow the object as it changes (unless live lags behind a save this tab just made).
  const followLive =
    live !== undefined &&
    !dirty &&
    (!draft ||
      (live.metadata.resourceVersion !== draft.base.metadata.resourceVersion &&
        live.metadata.resourceVersion !== draft.liveRvAtBase));
  const base = followLive ? live : draft?.base;
  const text = (followLive && live ? toEditYaml(live) : undefined) ?? draft?.text ?? '';
  const parsed: ParsedEdit = parseEdit(text);
  const mergeResult: MergeResult<NodusObject> | undefined = merge
    ? threeWayMerge(merge.base, merge.theirs, merge.mine, merge.resolutions)
    : undefined;
  // What the watch shows changed in the person's fields since they started, while they have unsaved work.
  let liveChange: { theirs: NodusObject; preview: MergeResult<NodusObject> | undefined } | undefined;
  if (
    dirty &&
    draft &&
    live &&
    !merge &&
    live.metadata.resourceVersion !== draft.base.metadata.resourceVersion &&
    editableFieldsDiffer(draft.base, live) &&
    live.metadata.uid === draft.base.metadata.uid
  ) {
    liveChange = { theirs: live, preview: parsed.ok ? threeWayMerge(draft.base, live, parsed.object) : undefined };
  }
  return { base, text, parsed, dirty, mergeResult, liveChange };
}

export class EditSessionFlow {
  private state: EditState;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly api: EditApi,
    private readonly place: DraftPlace,
    private readonly getLive: () => NodusObject | undefined,
    /** Where drafts are kept: localStorage unless a test gives another. */
    private readonly store: DraftStorage | undefined = browserStorage(),
  ) {
    const restored = loadDraft(place, parseEditDraft, store);
    this.state = {
      draft: restored ? { text: restored.text, base: restored.base } : undefined,
      restored,
      kept: true,
      merge: undefined,
      outcome: undefined,
      saving: false,
    };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getState = (): EditState => this.state;

  private set(change: Partial<EditState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of [...this.listeners]) listener();
  }

  private view() {
    return deriveEdit(this.state, this.getLive());
  }

  private liveRv(): string | undefined {
    return this.getLive()?.metadata.resourceVersion;
  }

  /** Keeps the draft in storage while it differs from its base; forgets it otherwise. */
  private setDraft(next: Draft | undefined, more: Partial<EditState> = {}): void {
    let kept = this.state.kept;
    if (next && next.text !== toEditYaml(next.base))
      kept = saveDraft(
        this.place,
        { text: next.text, base: next.base, savedAt: new Date().toISOString() } satisfies EditDraft,
        this.store,
      );
    else removeDraft(this.place, this.store);
    this.set({ draft: next, kept, ...more });
  }

  readonly setText = (next: string): void => {
    const { base } = this.view();
    if (!base) return;
    this.setDraft({ text: next, base, liveRvAtBase: this.liveRv() });
  };

  readonly save = (): void => {
    const { parsed, base, text } = this.view();
    if (!parsed.ok || !base || this.state.saving) return;
    void this.submit(base, parsed.object, text);
  };

  /**
   * Sends `mine` as an update of `from`. A 409 Conflict reads the object again and merges: a clean merge is sent
   * again against the new resourceVersion by itself; overlapping fields open the three-way view.
   */
  private async submit(from: NodusObject, mine: NodusObject, attemptedText: string): Promise<void> {
    this.set({ saving: true, outcome: undefined });
    const mergedFromServer: MergedChange[] = [];
    let current = from;
    let edit = mine;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const saved = await this.api.update(putBody(withoutServerFields(edit), current));
          this.setDraft(
            { text: toEditYaml(saved), base: saved, liveRvAtBase: this.liveRv() },
            {
              merge: undefined,
              outcome: { type: 'saved', object: saved, fromRv: from.metadata.resourceVersion, mergedFromServer },
            },
          );
          return;
        } catch (error) {
          const failure = toApiError(error);
          if (failure.code !== 409 || failure.reason !== 'Conflict') throw failure;
          const theirs = await this.api.read();
          // The same version, or another object under the same name: not a conflict a merge can settle.
          if (
            theirs.metadata.resourceVersion === current.metadata.resourceVersion ||
            theirs.metadata.uid !== current.metadata.uid
          )
            throw failure;
          const result = threeWayMerge(current, theirs, edit);
          if (result.unresolved > 0 || attempt >= MAX_AUTO_MERGES) {
            this.set({ merge: { origin: 'save-conflict', base: current, theirs, mine: edit, resolutions: new Map() } });
            return;
          }
          mergedFromServer.push(...result.changes.filter((c) => c.by === 'theirs'));
          current = theirs;
          edit = result.merged;
        }
      }
    } catch (error) {
      this.set({ outcome: { type: 'failed', error: toApiError(error), attemptedText } });
    } finally {
      this.set({ saving: false });
    }
  }

  readonly dismissOutcome = (): void => {
    this.set({ outcome: undefined });
  };

  readonly openLiveMerge = (): void => {
    const { liveChange, parsed } = this.view();
    const { draft } = this.state;
    if (!liveChange || !draft || !parsed.ok) return;
    this.set({
      merge: {
        origin: 'live',
        base: draft.base,
        theirs: liveChange.theirs,
        mine: parsed.object,
        resolutions: new Map(),
      },
    });
  };

  readonly resolve = (pathText: string, value: unknown): void => {
    const m = this.state.merge;
    if (m) this.set({ merge: { ...m, resolutions: new Map(m.resolutions).set(pathText, { value }) } });
  };

  readonly unresolve = (pathText: string): void => {
    const m = this.state.merge;
    if (!m) return;
    const resolutions = new Map(m.resolutions);
    resolutions.delete(pathText);
    this.set({ merge: { ...m, resolutions } });
  };

  /** The server moved again while the three-way view was open: merge against its latest copy, keeping choices. */
  readonly mergeWithLatest = (theirs: NodusObject): void => {
    const m = this.state.merge;
    if (m) this.set({ merge: { ...m, theirs } });
  };

  readonly saveMerged = (): void => {
    const { merge, saving } = this.state;
    const { mergeResult, text } = this.view();
    if (!merge || !mergeResult || mergeResult.unresolved > 0 || saving) return;
    void this.submit(merge.theirs, mergeResult.merged, text);
  };

  /** Leaves the three-way view with the merged result as the text to go on editing, based on the server's copy. */
  readonly editMerged = (): void => {
    const { merge } = this.state;
    const { mergeResult } = this.view();
    if (!merge || !mergeResult) return;
    this.setDraft(
      { text: toEditYaml(mergeResult.merged), base: merge.theirs, liveRvAtBase: this.liveRv() },
      { merge: undefined },
    );
  };

  readonly closeMerge = (): void => {
    this.set({ merge: undefined });
  };

  readonly discard = (): void => {
    const live = this.getLive();
    this.setDraft(
      live ? { text: toEditYaml(live), base: live, liveRvAtBase: live.metadata.resourceVersion } : undefined,
      { merge: undefined, outcome: undefined },
    );
  };
}
