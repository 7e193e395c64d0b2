/**
 * The new-object editor: write a draft (kept locally), Review it by a server dry-run, Launch exactly what was
 * reviewed. The route (src/app/routes/new-object.tsx) loads this lazily and passes the kind, the incoming text
 * and where to go afterwards.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { KindInfo } from '@/data/client/index.ts';
import { Breadcrumb, scopeCrumbs } from '@/components/ui/breadcrumb.tsx';
import { RelativeTime } from '@/components/ui/relative-time.tsx';
import { titleCase } from '@/lib/format.ts';
import { CodeEditor, type CodeEditorHandle, type EditorMarker } from '@/components/code-editor/index.ts';
import { schemaHasEstimate, useKindSchema } from '@/data/kind-schema.ts';
import { fieldPathAt } from '@/components/code-editor/yaml-locate.ts';
import { placeCauses } from '@/components/code-editor/yaml-markers.ts';
import { unknownFieldMarkers } from '@/components/code-editor/yaml-schema-check.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import type { LaunchAnswer } from '../api/create-object.ts';
import { useDraft } from '../hooks/use-draft.ts';
import { useAccess } from '@/data/access/index.ts';
import { useReviewLaunch } from '../hooks/use-review-launch.ts';
import type { DraftReview } from '../model/review-launch.ts';
import { templateFor } from '../model/template.ts';
import { bodyToSend, checkDraft, renameDraft } from '../model/validate.ts';
import { AlreadyExists } from './already-exists.tsx';
import { DraftBanners } from './draft-banners.tsx';
import { ProblemsList, type ListedProblem } from './problems-list.tsx';
import { ReviewPanel } from './review-panel.tsx';
import { ServerObjectView } from './server-object-view.tsx';

export interface LaunchedInfo {
  object: NodusObject;
  review: DraftReview;
  answer: LaunchAnswer;
}

export interface NewObjectPageProps {
  project: string;
  kind: KindInfo;
  /** Text to start from (location.state.yaml): another view's "create a new object from this edit". */
  incomingYaml?: string;
  objectHref: (name: string) => string;
  tableHref: string;
  onLaunched: (info: LaunchedInfo) => void;
}

export function NewObjectPage(props: NewObjectPageProps) {
  const { kind } = props;
  const schema = useKindSchema(kind.kind, kind);
  const full = useKindSchema(kind.kind, kind, { forEditing: false });
  if (schema.isPending && schema.fetchStatus !== 'idle') {
    return <div role="status" className="p-6 text-sm text-slate-500">{`Loading the ${kind.kind} schema…`}</div>;
  }
  // Without the schema (an API without OpenAPI) the editor still works: no completion, a plainer template.
  return <Editor {...props} schema={schema.data} billable={schemaHasEstimate(full.data)} />;
}

/** A schema message in the list names its field, as the API's causes do ("spec.maxCostUSD: Must be …"). */
function withFieldPath(text: string, marker: EditorMarker): string {
  const path = fieldPathAt(text, marker.startLineNumber, marker.startColumn);
  return path ? `${path}: ${marker.message}` : marker.message;
}

function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 7);
}

interface EditorProps extends NewObjectPageProps {
  schema: Record<string, unknown> | undefined;
  billable: boolean | undefined;
}

function Editor({ project, kind, incomingYaml, objectHref, tableHref, onLaunched, schema, billable }: EditorProps) {
  const apiVersion = kind.group ? `${kind.group}/${kind.version}` : kind.version;
  const [template] = useState(() =>
    templateFor({
      apiVersion,
      kind: kind.kind,
      singular: kind.singular || kind.kind.toLowerCase(),
      schema,
      suffix: randomSuffix(),
    }),
  );
  const draft = useDraft(project, kind.plural, template, incomingYaml);
  const target = useMemo(
    () => ({ group: kind.group, version: kind.version, plural: kind.plural, project }),
    [kind, project],
  );
  const flow = useReviewLaunch({
    target,
    pendingLaunch: draft.pendingLaunch,
    setPendingLaunch: draft.setPendingLaunch,
  });
  const { machine } = flow;
  const editorRef = useRef<CodeEditorHandle>(null);
  const [schemaMarkers, setSchemaMarkers] = useState<EditorMarker[]>([]);
  const [blockedAttempt, setBlockedAttempt] = useState(false);
  // Review is a dry-run create, which the API authorises as a create: both wait for the same answer.
  const access = useAccess({ verb: 'create', group: kind.group, resource: kind.plural, namespace: project });
  const refused = access.allowed ? undefined : access.reason;

  const checked = useMemo(
    () => checkDraft(draft.text, { apiVersion, kind: kind.kind, project }),
    [draft.text, apiVersion, kind.kind, project],
  );
  const { stage, review } = flow;
  const stale = review !== undefined && review.text !== draft.text;

  // API causes stay on the lines of their fields (relocated in the current text) until the next review.
  const apiProblems = useMemo<ListedProblem[]>(() => {
    if (stage.name !== 'review-failed' && stage.name !== 'exists' && stage.name !== 'launch-failed') return [];
    const severity = stage.name === 'exists' ? 'warning' : 'error';
    return placeCauses(draft.text, stage.error.causes, stage.error.reason, severity).map((p) => ({
      ...p,
      origin: 'api' as const,
    }));
  }, [stage, draft.text]);
  const draftProblems = useMemo<ListedProblem[]>(
    () => checked.problems.map((p) => ({ ...p, origin: 'draft' as const })),
    [checked.problems],
  );
  // monaco-yaml reports syntax errors too; the console's own checks already list those.
  const syntaxBroken = checked.problems.some((p) => p.source?.startsWith('YAML'));
  // Fields the schema does not know: marked here, since the API refuses them and monaco-yaml lets them pass.
  const unknownFields = useMemo<ListedProblem[]>(
    () =>
      schema && !syntaxBroken
        ? unknownFieldMarkers(draft.text, schema, kind.kind).map((m) => ({ ...m, origin: 'schema' as const }))
        : [],
    [schema, syntaxBroken, draft.text, kind.kind],
  );
  const schemaProblems = useMemo<ListedProblem[]>(
    () =>
      syntaxBroken
        ? []
        : schemaMarkers.map((m) => ({ ...m, message: withFieldPath(draft.text, m), origin: 'schema' as const })),
    [schemaMarkers, syntaxBroken, draft.text],
  );
  const markers = useMemo<EditorMarker[]>(
    () => [...draftProblems, ...unknownFields, ...apiProblems],
    [draftProblems, unknownFields, apiProblems],
  );
  const listed = useMemo(
    () =>
      [...draftProblems, ...unknownFields, ...apiProblems, ...schemaProblems].sort(
        (a, b) => a.startLineNumber - b.startLineNumber || a.startColumn - b.startColumn,
      ),
    [draftProblems, unknownFields, apiProblems, schemaProblems],
  );

  const onReview = useCallback(() => {
    if (refused) return;
    if (!checked.ok || !checked.object) {
      setBlockedAttempt(true);
      const first = checked.problems.find((p) => p.severity === 'error');
      if (first) editorRef.current?.revealPosition(first.startLineNumber, first.startColumn);
      return;
    }
    setBlockedAttempt(false);
    void machine.review(draft.text, bodyToSend(checked.object, project));
  }, [checked, machine, draft.text, project, refused]);

  // Each launch path asks the machine, which sends at most one create, of the review on the screen.
  const finish = useCallback(
    (launched: Promise<LaunchAnswer | undefined>) => {
      const shown = review;
      void launched.then((answer) => {
        if (!answer || !shown) return;
        draft.clear();
        onLaunched({ object: answer.object, review: shown, answer });
      });
    },
    [review, draft, onLaunched],
  );
  const onLaunch = useCallback(() => {
    if (!refused) finish(machine.launch(draft.text));
  }, [finish, machine, draft.text, refused]);
  const onAcceptAndLaunch = useCallback(() => {
    if (!refused) finish(machine.acceptAndLaunch(draft.text));
  }, [finish, machine, draft.text, refused]);
  const onRetryLaunch = useCallback(
    () => finish(stage.name === 'launch-unknown' ? machine.retryLaunch() : machine.launch(draft.text)),
    [finish, machine, stage.name, draft.text],
  );

  const name =
    typeof (checked.object?.metadata as { name?: unknown } | undefined)?.name === 'string'
      ? String((checked.object?.metadata as { name: string }).name)
      : '';

  return (
    <div className="mx-auto flex max-w-[1400px] flex-col gap-4 p-4 lg:p-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Breadcrumb
            trail={[...scopeCrumbs(project), { label: titleCase(kind.plural), href: tableHref }, { label: 'New' }]}
          />
          <h1 className="text-xl font-semibold text-slate-900">
            {`New ${kind.kind}`}
            <span className="font-normal text-slate-500">{` in ${project}`}</span>
          </h1>
        </div>
        <div className="flex items-center gap-3 text-xs text-slate-500">
          {draft.stored ? (
            <span>
              <span role="status">Draft saved in this browser</span> <RelativeTime timestamp={draft.savedAt} />
            </span>
          ) : (
            <span role="status" className="font-medium text-amber-700">
              This browser does not keep drafts: copy your text before closing the tab
            </span>
          )}
          <button
            type="button"
            onClick={draft.discard}
            disabled={draft.text === template}
            className="rounded-md border border-slate-300 bg-white px-2.5 py-1 font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
          >
            Discard draft
          </button>
        </div>
      </header>

      <DraftBanners
        draft={draft}
        kind={kind.kind}
        stage={stage}
        review={review}
        stale={stale}
        onRetryLaunch={onRetryLaunch}
      />

      {/* Between 1024 and 1280 px a narrower review column leaves the editor room for a line of YAML. */}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="flex min-w-0 flex-col gap-3">
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
            <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs text-slate-500">
              <span className="shrink-0 font-medium text-slate-700">{`${kind.kind} YAML`}</span>
              <span className="min-w-0 truncate">
                {schema
                  ? "Checked against the API's schema as you type · Ctrl+Space completes, hover explains"
                  : 'No schema from the API: the server checks on Review'}
              </span>
            </div>
            <CodeEditor
              ref={editorRef}
              value={draft.text}
              onChange={draft.setText}
              ariaLabel={`${kind.kind} YAML`}
              schema={schema}
              schemaKind={kind.kind}
              markers={markers}
              onValidate={setSchemaMarkers}
              height="min(62vh, 640px)"
            />
          </div>
          <ProblemsList
            title={blockedAttempt && !checked.ok ? 'Fix these before review: nothing was sent' : 'Problems'}
            problems={listed}
            onSelect={(p) => editorRef.current?.revealPosition(p.startLineNumber, p.startColumn)}
          />
          {stage.name === 'exists' && (
            <AlreadyExists
              kind={kind.kind}
              name={name}
              error={stage.error}
              existing={stage.existing}
              readError={stage.readError}
              draftText={draft.text}
              existingHref={objectHref(name)}
              onRename={(next) => draft.setText(renameDraft(draft.text, next))}
            />
          )}
          {review && !stale && (
            <section
              aria-label="As the server would create it"
              className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
            >
              <div className="border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs">
                <span className="font-medium text-slate-700">As the server would create it</span>
                <span className="text-slate-500"> · blue bars: filled in by the server</span>
              </div>
              <ServerObjectView object={review.object} additions={review.additions} kind={kind.kind} />
            </section>
          )}
        </div>
        <ReviewPanel
          project={project}
          kind={kind.kind}
          billable={billable}
          state={flow}
          text={draft.text}
          canReview={checked.ok}
          refused={refused}
          onReview={onReview}
          onLaunch={onLaunch}
          onAcceptAndLaunch={onAcceptAndLaunch}
          onRetryLaunch={onRetryLaunch}
        />
      </div>
    </div>
  );
}
