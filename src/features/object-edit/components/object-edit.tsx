/**
 * The Edit tab of an object: its YAML without server-owned fields, saved with PUT against the resourceVersion
 * that was read. The edit is kept in localStorage until saved or discarded; a change on the server (a 409 on save,
 * or the watch while editing) leads to the three-way merge; FieldImmutable marks the fields and offers a new object.
 */
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { KindInfo } from '@/data/client/index.ts';
import { CodeEditor, type CodeEditorHandle, type EditorMarker } from '@/components/code-editor/index.ts';
import { SlowNote } from '@/components/ui/slow-note.tsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { LockIcon } from '@/components/ui/icons.tsx';
import { offProps, ReasonTip } from '@/components/ui/reason-tip.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAccess } from '@/data/access/index.ts';
import { useKindSchema } from '@/data/kind-schema.ts';
import { locateField } from '@/components/code-editor/yaml-locate.ts';
import { placeCauses, syntaxMarkers } from '@/components/code-editor/yaml-markers.ts';
import { unknownFieldMarkers } from '@/components/code-editor/yaml-schema-check.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { newObjectYaml } from '../model/edit-yaml.ts';
import { mutableFields } from '../model/mutable-fields.ts';
import { useEditSession } from '../model/use-edit-session.ts';
import { ConflictView } from './conflict-view.tsx';
import { LiveChangeNotice, RestoredNotice, SavedNotice } from './edit-notices.tsx';
import { ImmutableNotice } from './immutable-notice.tsx';

export interface ObjectEditProps {
  kind: KindInfo;
  project: string;
  name: string;
  /** The object as the detail view's watch has it now (undefined while loading or once deleted). */
  live: NodusObject | undefined;
  /** Where "create a new object from this edit" goes: the new-object editor, given the YAML as router state. */
  newObjectHref: string;
}

export function ObjectEdit({ kind, project, name, live, newObjectHref }: ObjectEditProps) {
  const session = useEditSession(kind, project, name, live);
  const access = useAccess({ verb: 'update', group: kind.group, resource: kind.plural, namespace: project, name });
  const refused = access.allowed ? undefined : access.reason;
  const schema = useKindSchema(kind.kind, kind);
  const navigate = useNavigate();
  const editor = useRef<CodeEditorHandle>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const { text, parsed, outcome } = session;

  const failure = outcome?.type === 'failed' ? outcome.error : undefined;
  // Bad YAML, fields the schema does not know (the API refuses them), then the fields the API named in its answer,
  // each on its line in the current text.
  const markers: EditorMarker[] = useMemo(
    () => [
      ...(parsed.ok ? (schema.data ? unknownFieldMarkers(text, schema.data, kind.kind) : []) : syntaxMarkers(text)),
      ...(failure ? placeCauses(text, failure.causes, failure.reason) : []),
    ],
    [parsed.ok, schema.data, kind.kind, failure, text],
  );

  if (!session.ready || !session.base) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label={`Loading ${kind.kind} ${name} for editing`}
        className="space-y-3 py-4"
      >
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  }

  if (session.merge) return <ConflictView session={session} kindName={kind.kind} live={live} refused={refused} />;

  const createNew = () => {
    if (parsed.ok) void navigate(newObjectHref, { state: { yaml: newObjectYaml(parsed.object) } });
  };
  const discard = () => {
    session.discard();
    setConfirmDiscard(false);
  };

  return (
    <div className="space-y-3">
      {session.restoredAt !== undefined ? (
        <RestoredNotice
          savedAt={session.restoredAt}
          baseRv={session.base.metadata.resourceVersion}
          onDiscard={() => setConfirmDiscard(true)}
        />
      ) : null}
      {session.liveChange ? (
        <LiveChangeNotice
          kindName={kind.kind}
          theirs={session.liveChange.theirs}
          preview={session.liveChange.preview}
          onReview={session.openLiveMerge}
        />
      ) : null}
      {outcome?.type === 'saved' ? (
        <SavedNotice
          object={outcome.object}
          fromRv={outcome.fromRv}
          mergedFromServer={outcome.mergedFromServer}
          onDismiss={session.dismissOutcome}
        />
      ) : null}
      {failure?.reason === 'FieldImmutable' ? (
        <ImmutableNotice
          error={failure}
          kindName={kind.kind}
          name={name}
          mutable={mutableFields(schema.data)}
          lineOf={(field) => {
            const at = locateField(text, field);
            return at.exact ? at.startLineNumber : undefined;
          }}
          onReveal={(line) => editor.current?.revealPosition(line)}
          onCreateNew={createNew}
          canCreateNew={parsed.ok}
        />
      ) : failure ? (
        <ErrorPanel error={failure} title={`${kind.kind} ${name} was not saved`} />
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-slate-600">
          {session.dirty ? (
            <span className="font-medium text-slate-900">Unsaved changes</span>
          ) : (
            <span>No changes</span>
          )}
          <span className="text-slate-400"> · </span>
          editing resourceVersion <code className="font-mono text-[13px]">{session.base.metadata.resourceVersion}</code>
          {session.dirty ? (
            <span className="text-slate-500">
              {session.kept
                ? ' · kept in this browser until you save or discard'
                : ' · this browser would not keep it: do not reload'}
            </span>
          ) : null}
        </p>
        <span className="flex-1" />
        {session.dirty && !confirmDiscard ? (
          <button
            type="button"
            onClick={() => setConfirmDiscard(true)}
            className="rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Discard my edit
          </button>
        ) : null}
        {confirmDiscard ? (
          <span
            role="group"
            aria-label="Confirm discard"
            className="flex items-center gap-2 rounded-md border border-rose-200 bg-rose-50 px-2 py-1 text-sm text-rose-900"
          >
            Throw away your changes?
            <button
              type="button"
              onClick={discard}
              className="rounded bg-rose-600 px-2 py-0.5 text-xs font-semibold text-white hover:bg-rose-700"
            >
              Discard
            </button>
            <button
              type="button"
              onClick={() => setConfirmDiscard(false)}
              className="rounded px-2 py-0.5 text-xs font-medium text-rose-900 hover:bg-rose-100"
            >
              Keep editing
            </button>
          </span>
        ) : null}
        <ReasonTip reason={refused}>
          {(describedBy) => (
            <button
              type="button"
              onClick={() => {
                if (!refused) session.save();
              }}
              disabled={!session.dirty || !parsed.ok || session.saving}
              {...offProps(refused !== undefined, describedBy)}
              className="inline-flex items-center gap-1.5 rounded-md bg-indigo-600 px-3.5 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-slate-300 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-300"
            >
              {refused && !access.pending ? <LockIcon className="size-3.5" /> : null}
              {session.saving ? 'Saving…' : 'Save'}
            </button>
          )}
        </ReasonTip>
      </div>
      <SlowNote busy={session.saving} className="text-right" />
      {refused && !access.pending ? (
        <p className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <LockIcon className="mt-0.5 size-4 shrink-0" />
          <span>{refused} You can still edit here and keep the text, or copy it.</span>
        </p>
      ) : null}

      <CodeEditor
        ref={editor}
        value={text}
        onChange={session.setText}
        ariaLabel={`YAML of ${kind.kind} ${name}`}
        height="60vh"
        markers={markers}
        {...(schema.data ? { schema: schema.data, schemaKind: kind.kind } : {})}
      />
      {!parsed.ok ? (
        <p
          role="alert"
          aria-label="YAML error"
          className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800"
        >
          Line {parsed.problem.line}, column {parsed.problem.column}: {parsed.problem.message}. Nothing is sent until
          the YAML parses.
        </p>
      ) : null}
    </div>
  );
}
