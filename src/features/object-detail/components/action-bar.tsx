/**
 * The actions in the header: suspend, stop, resume, cancel (spec.state), restart (the annotation
 * nodus.dev/restart-requested-at), raise the max cost, delete. Each says why when it is off (what the key may not
 * do, asked of the API, included: a lock marks those); each write's
 * answer is reported through `onOutcome`: a sentence naming the change, read from the object the API sent
 * back, or the API's error in full.
 */
import { useState } from 'react';
import type { KindInfo } from '@/data/client/index.ts';
import { formatUSD } from '@/lib/format.ts';
import { ANNOTATION_RESTART_REQUESTED_AT, type NodusObject } from '@/shared/protocol.ts';
import {
  startDeletion,
  raiseMaxCost,
  requestRestart,
  setDesiredState,
  type Propagation,
} from '../api/object-writes.ts';
import { useObjectAccess } from '../api/use-object-access.ts';
import { availableActions, terminalAction, type ActionId, type ActionState } from '../model/actions.ts';
import { LockIcon } from '@/components/ui/icons.tsx';
import { TerminalIcon } from '@/components/ui/action-icons.tsx';
import { ACTION_VERBS } from '@/kinds/actions.ts';
import type { DetailTraits } from '../model/kinds.ts';
import { SlowNote } from '@/components/ui/slow-note.tsx';
import { ActionButton } from './action-button.tsx';
import { CancelDialog } from './cancel-dialog.tsx';
import { DeleteDialog, type OwnedObjects } from './delete-dialog.tsx';
import { RaiseCostDialog } from './raise-cost-dialog.tsx';

export type Outcome = { ok: true; message: string } | { ok: false; title: string; error: unknown };

const HINTS: Partial<Record<ActionId, string>> = {
  suspend: 'Sets spec.state: Suspended. It stops running and costing compute until resumed.',
  stop: 'Sets spec.state: Stopped. It stops and keeps its data until started again.',
  restart: 'Sets the annotation nodus.dev/restart-requested-at; Nodus restarts it once.',
  cancel: 'Sets spec.state: Cancelled, for good.',
};

export function ActionBar({
  kind,
  traits,
  object,
  deleted,
  owned,
  onOutcome,
  onOpenTerminal,
}: {
  kind: KindInfo;
  traits: DetailTraits;
  object: NodusObject;
  deleted: boolean;
  owned: OwnedObjects | undefined;
  onOutcome: (outcome: Outcome | undefined) => void;
  /** Opens a terminal in the object (the app's dock); absent where there is no dock. */
  onOpenTerminal?: () => void;
}) {
  const [dialog, setDialog] = useState<'raise' | 'delete' | 'cancel' | undefined>(undefined);
  const [busy, setBusy] = useState<ActionId | undefined>(undefined);
  const access = useObjectAccess(kind, object, Boolean(onOpenTerminal && traits.exec));
  const actions = availableActions({
    kind: kind.kind,
    verbs: kind.verbs,
    traits,
    object,
    deleted,
    denied: access.denied,
  });
  const terminal = onOpenTerminal
    ? terminalAction({ kind: kind.kind, exec: traits.exec, object, deleted, denied: access.terminal })
    : undefined;
  const name = object.metadata.name ?? '';
  const what = `${kind.kind} ${name}`;

  async function run(id: ActionId, verb: string, write: () => Promise<unknown>, describe: (answer: unknown) => string) {
    setDialog(undefined);
    setBusy(id);
    onOutcome(undefined);
    try {
      const answer = await write();
      const message = describe(answer);
      onOutcome(message ? { ok: true, message } : undefined);
    } catch (error) {
      onOutcome({ ok: false, title: `Could not ${verb} ${what}`, error });
    } finally {
      setBusy(undefined);
    }
  }

  const spec = (answer: unknown) => (answer as NodusObject | undefined)?.spec ?? {};

  function changeState(action: ActionState) {
    const verb = action.label.toLowerCase();
    void run(
      action.id,
      verb,
      () => setDesiredState(kind, object, action.state!),
      (answer) =>
        `${what}: spec.state is now ${String(spec(answer).state ?? action.state)}. ${stateEffect(action.id, kind.kind)}`,
    );
  }

  function onClick(action: ActionState) {
    switch (action.id) {
      case 'suspend':
      case 'stop':
      case 'resume':
        return changeState(action);
      case 'cancel':
      case 'raise':
      case 'delete':
        return setDialog(action.id);
      case 'restart':
        return void run(
          'restart',
          'restart',
          () => requestRestart(kind, object),
          (answer) => {
            const at = (answer as NodusObject).metadata?.annotations?.[ANNOTATION_RESTART_REQUESTED_AT] ?? '';
            return `Restart of ${what} requested at ${at} (${ANNOTATION_RESTART_REQUESTED_AT}); Nodus restarts it once.`;
          },
        );
    }
  }

  function remove(propagation: Propagation) {
    const n = owned?.items.length ?? 0;
    void run(
      'delete',
      'delete',
      () => startDeletion(kind, object, { propagationPolicy: propagation }),
      () => {
        // The deletion itself is told by the page's banners (deleting, then deleted), which stay true as it goes;
        // a note says only what became of what it owned, which no banner shows.
        if (!owned || n === 0) return '';
        const things = `${n} ${owned.kind}${n === 1 ? '' : 's'}`;
        return propagation === 'Orphan'
          ? `Its ${things} ${n === 1 ? 'was' : 'were'} kept (orphaned).`
          : `Its ${things} ${n === 1 ? 'is' : 'are'} deleted with it.`;
      },
    );
  }

  return (
    <>
      <div role="group" aria-label="Actions" className="flex flex-wrap items-center justify-end gap-1.5">
        {terminal && onOpenTerminal ? (
          <ActionButton
            label={terminal.label}
            icon={
              access.refused('exec') && terminal.disabled === access.terminal ? (
                <LockIcon className="size-4" />
              ) : (
                <TerminalIcon className="size-4" />
              )
            }
            disabled={terminal.disabled}
            hint="A shell in it, in the terminal dock at the foot of the page."
            tipAlign="left"
            onClick={onOpenTerminal}
          />
        ) : null}
        {actions.map((action) => (
          <ActionButton
            key={action.id}
            label={
              action.id === 'raise' || action.id === 'delete' || action.id === 'cancel'
                ? `${action.label}…`
                : action.label
            }
            disabled={
              action.disabled ?? (busy && busy !== action.id ? 'Waiting for the answer to the last action.' : undefined)
            }
            busy={busy === action.id}
            icon={
              access.refused(ACTION_VERBS[action.id]) && action.disabled === access.denied(ACTION_VERBS[action.id]) ? (
                <LockIcon className="size-3.5" />
              ) : undefined
            }
            danger={action.id === 'delete' || action.id === 'cancel'}
            hint={HINTS[action.id]}
            onClick={() => onClick(action)}
          />
        ))}
        <SlowNote busy={busy !== undefined} className="w-full text-right" />
      </div>
      {dialog === 'cancel' ? (
        <CancelDialog
          kind={kind.kind}
          name={name}
          onClose={() => setDialog(undefined)}
          onConfirm={() => changeState(actions.find((a) => a.id === 'cancel')!)}
        />
      ) : null}
      {dialog === 'raise' ? (
        <RaiseCostDialog
          kind={kind.kind}
          name={name}
          spent={object.status?.costUSD}
          current={object.spec?.maxCostUSD}
          onClose={() => setDialog(undefined)}
          onRaise={(value) => {
            const before = formatUSD(object.spec?.maxCostUSD) ?? 'none';
            void run(
              'raise',
              'raise the max cost of',
              () => raiseMaxCost(kind, object, value),
              (answer) => `${what}: max cost raised to ${formatUSD(spec(answer).maxCostUSD) ?? value} (was ${before}).`,
            );
          }}
        />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteDialog
          kind={kind.kind}
          object={object}
          owned={owned}
          onClose={() => setDialog(undefined)}
          onDelete={remove}
        />
      ) : null}
    </>
  );
}

function stateEffect(id: ActionId, kind: string): string {
  switch (id) {
    case 'suspend':
      return `The ${kind} stops running and stops costing compute.`;
    case 'stop':
      return `The ${kind} stops; start it again to go on.`;
    case 'resume':
      return `The ${kind} goes on once capacity is found.`;
    case 'cancel':
      return `The ${kind} stops for good.`;
    default:
      return '';
  }
}
