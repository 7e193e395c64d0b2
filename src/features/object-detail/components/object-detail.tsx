/**
 * One object, whole and live (`/projects/:project/:plural/:name?tab=`): header with actions, the deletion
 * banner, and its tabs: an overview (spec summary, spend over time, conditions, what it owns, identity,
 * finalizers, labels and annotations), its files (for kinds whose facts say `files`), the object as YAML, its log
 * and the editor. Files, Logs and Edit belong to other features: the app passes them in as render props, so
 * features do not import each other.
 */
import { useState, type ReactNode } from 'react';
import type { KindInfo } from '@/data/client/index.ts';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { WatchTroublePanel } from '@/components/ui/watch-trouble.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { titleCase } from '@/lib/format.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { useChildren } from '../api/use-children.ts';
import { useLiveObject } from '../api/use-live-object.ts';
import { priceWait } from '../model/conditions.ts';
import { detailTraits, type ChildrenSpec, type DetailTraits } from '../model/kinds.ts';
import { ActionBar, type Outcome } from './action-bar.tsx';
import { BudgetSpendCard } from './budget-spend-card.tsx';
import { ChildrenCard } from './children-card.tsx';
import { ConditionsTable } from './conditions-table.tsx';
import type { OwnedObjects } from './delete-dialog.tsx';
import { DeletedBanner, DeletingBanner, FinalizersCard } from './deletion.tsx';
import { PinButton } from '@/components/ui/pin-button.tsx';
import { DetailHeader } from './detail-header.tsx';
import { Breadcrumb, scopeCrumbs } from '@/components/ui/breadcrumb.tsx';
import { DetailTabs, type DetailTab } from './detail-tabs.tsx';
import { EndpointsCard } from './endpoints-card.tsx';
import { LaunchTermsCard } from './launch-terms-card.tsx';
import { LiveIndicator } from './live-indicator.tsx';
import { DetailsCard, KeyValueCard } from './metadata-cards.tsx';
import { ObjectSpendCard } from './object-spend-card.tsx';
import { OutcomeNote } from './outcome-note.tsx';
import { PriceWaitBanner } from './price-wait.tsx';
import { SpecSummary } from './spec-summary.tsx';
import { YamlView } from './yaml-view.tsx';

export interface ObjectDetailProps {
  kind: KindInfo;
  project: string;
  name: string;
  /** `?tab=` as the URL has it; an unknown or unavailable tab shows the overview. */
  tab: string | null;
  kindHref: string;
  tabHref: (tab: DetailTab) => string;
  /** Where another object opens (an owner, a child), by its kind's name; undefined when the kind is unknown. */
  objectHref: (kind: string, name: string) => string | undefined;
  /** The Logs tab's content, for kinds whose discovery lists a `log` subresource. */
  renderLogs: (props: { phase: string | undefined }) => ReactNode;
  /** The Events tab's content: what happened to `object` (the last known one, once deleted), and who did it. */
  renderEvents: (props: { object: NodusObject }) => ReactNode;
  /** The Files tab's content, for kinds whose facts say they have files; `object` is the object now. */
  renderFiles: (props: { object: NodusObject }) => ReactNode;
  /** The Edit tab's content; `live` is the object now (undefined once deleted). */
  renderEdit: (props: { live: NodusObject | undefined }) => ReactNode;
  /** The Invoke tab's content, for kinds that answer invocations; `live` as for renderEdit. */
  renderInvoke: (props: { live: NodusObject | undefined }) => ReactNode;
  /** Opens a shell in the object, for kinds that exec (the app's terminal dock). */
  openTerminal?: (object: NodusObject) => void;
}

export function ObjectDetail(props: ObjectDetailProps) {
  const { kind, project, name } = props;
  const live = useLiveObject(kind, project, name);
  const breadcrumb = (
    <Breadcrumb
      trail={[...scopeCrumbs(project), { label: titleCase(kind.plural), href: props.kindHref }, { label: name }]}
    />
  );

  if (!live.object) {
    return (
      <Page>
        {breadcrumb}
        <h1 className="mt-2 font-mono text-2xl font-semibold tracking-tight text-slate-900">{name}</h1>
        {live.loading ? (
          <div role="status" aria-label={`Loading ${kind.kind} ${name}`} aria-busy="true" className="mt-6 space-y-3">
            <WatchTroublePanel watch={live.watch} what={`${kind.kind} ${name}`} />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : (
          <ErrorPanel
            className="mt-6"
            error={live.error}
            title={`Could not read ${kind.kind} ${name} in ${project}`}
            onRetry={live.retry}
          />
        )}
      </Page>
    );
  }

  const traits = detailTraits(kind.kind);
  return traits.children ? (
    <WithChildren
      {...props}
      live={live}
      object={live.object}
      traits={traits}
      spec={traits.children}
      breadcrumb={breadcrumb}
    />
  ) : (
    <DetailBody {...props} live={live} object={live.object} traits={traits} owned={undefined} breadcrumb={breadcrumb} />
  );
}

interface BodyProps extends ObjectDetailProps {
  live: ReturnType<typeof useLiveObject>;
  object: NodusObject;
  traits: DetailTraits;
  breadcrumb: ReactNode;
}

/** Only owners watch their children: a hook cannot be called for some kinds and not others. */
function WithChildren({ spec, ...props }: BodyProps & { spec: ChildrenSpec }) {
  const children = useChildren(props.object, spec, props.kind);
  return <DetailBody {...props} owned={{ kind: spec.kind, items: children.items, synced: children.watch.synced }} />;
}

function DetailBody({
  kind,
  project,
  name,
  tab,
  kindHref,
  tabHref,
  objectHref,
  renderLogs,
  renderEvents,
  renderFiles,
  renderEdit,
  renderInvoke,
  openTerminal,
  live,
  object,
  traits,
  owned,
  breadcrumb,
}: BodyProps & { owned: OwnedObjects | undefined }) {
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const deleted = live.deletedAt !== undefined;
  const tabs: DetailTab[] = ['overview'];
  if (traits.files) tabs.push('files');
  tabs.push('yaml');
  if (kind.subresources?.includes('log')) tabs.push('logs');
  tabs.push('events');
  if (traits.invoke && kind.subresources?.includes('invoke')) tabs.push('invoke');
  if (kind.verbs.includes('update')) tabs.push('edit');
  const active = tabs.find((t) => t === tab) ?? 'overview';
  const phase = typeof object.status?.phase === 'string' ? object.status.phase : undefined;
  // A launch waiting for its price is explained once, in its banner: not again in the header or the conditions.
  const waiting = !deleted && priceWait(object.status) !== undefined;

  return (
    <Page>
      {breadcrumb}
      <DetailHeader
        kind={kind.kind}
        name={name}
        object={object}
        deleted={deleted}
        meter={traits.meter?.(object)}
        showMessage={!waiting}
        live={<LiveIndicator watch={live.watch} deleted={deleted} />}
        actions={
          <div className="flex flex-wrap items-start gap-2">
            <PinButton
              pin={{ type: 'object', project, plural: kind.plural, kind: kind.kind, name, pinnedAt: 0 }}
              label={`${kind.kind} ${name}`}
            />
            <ActionBar
              kind={kind}
              traits={traits}
              object={object}
              deleted={deleted}
              owned={owned}
              onOutcome={setOutcome}
              onOpenTerminal={openTerminal ? () => openTerminal(object) : undefined}
            />
          </div>
        }
      />
      <div className="mt-4 space-y-3 empty:hidden">
        {outcome ? <OutcomeNote outcome={outcome} onDismiss={() => setOutcome(undefined)} /> : null}
        {deleted ? <DeletedBanner kind={kind.kind} name={name} at={live.deletedAt!} listHref={kindHref} /> : null}
        {!deleted && object.metadata.deletionTimestamp ? <DeletingBanner object={object} kind={kind.kind} /> : null}
        {!deleted ? <WatchTroublePanel watch={live.watch} what={`${kind.kind} ${name}`} /> : null}
        {!deleted ? <PriceWaitBanner object={object} kind={kind.kind} /> : null}
      </div>
      <div className="mt-5">
        <DetailTabs tabs={tabs} active={active} href={tabHref} />
      </div>
      <div id="object-tabpanel" role="tabpanel" aria-labelledby={`object-tab-${active}`} className="mt-5">
        {active === 'overview' ? (
          <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="min-w-0 space-y-5">
              <SpecSummary facts={traits.facts(object)} yamlHref={tabHref('yaml')} />
              {traits.endpoints ? <EndpointsCard object={object} kind={kind.kind} /> : null}
              {traits.spend === 'budget' ? (
                <BudgetSpendCard project={project} budget={object} objectHref={objectHref} />
              ) : traits.spend === 'object' ? (
                <ObjectSpendCard project={project} kind={kind.kind} object={object} />
              ) : null}
              <LaunchTermsCard object={object} kind={kind.kind} />
              <ConditionsTable conditions={object.status?.conditions} explained={waiting ? ['PriceWithinCap'] : []} />
              {owned ? (
                <ChildrenCard kind={owned.kind} items={owned.items} synced={owned.synced} objectHref={objectHref} />
              ) : null}
            </div>
            <div className="min-w-0 space-y-5">
              <DetailsCard object={object} objectHref={objectHref} />
              <FinalizersCard object={object} />
              <KeyValueCard title="Labels" entries={object.metadata.labels} />
              <KeyValueCard title="Annotations" entries={object.metadata.annotations} />
            </div>
          </div>
        ) : active === 'yaml' ? (
          <YamlView object={object} deleted={deleted} />
        ) : active === 'logs' ? (
          renderLogs({ phase })
        ) : active === 'events' ? (
          renderEvents({ object })
        ) : active === 'invoke' ? (
          renderInvoke({ live: deleted ? undefined : object })
        ) : active === 'files' ? (
          renderFiles({ object })
        ) : (
          renderEdit({ live: deleted ? undefined : object })
        )}
      </div>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl px-8 py-6">{children}</div>;
}
