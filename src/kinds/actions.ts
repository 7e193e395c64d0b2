/**
 * Which actions an object offers now, and why the others are off: from its kind (which values spec.state
 * takes, whether it restarts), its phase and spec.state (as the mock's controller acts on them: see
 * src/mock/controller/lifecycle.ts), whether it is being deleted, and the verbs discovery allows. The one
 * rule book for the object page's action bar and the table's bulk actions.
 */
import { ANNOTATION_RESTART_REQUESTED_AT, type NodusObject } from '../shared/protocol.ts';
import { isFinished, type KindLife } from './lifecycle.ts';

export type ActionId = 'suspend' | 'stop' | 'resume' | 'cancel' | 'restart' | 'raise' | 'delete';

export interface ActionState {
  id: ActionId;
  label: string;
  /** Undefined when the action is available; otherwise why not, as a sentence. */
  disabled?: string;
  /** The spec.state it sets, for the state actions. */
  state?: string;
}

export interface ActionTraits extends Pick<KindLife, 'lifecycle' | 'states'> {
  restart?: boolean;
  /** Where the object's money is capped: a cap in the spec can be raised. */
  meter?: (o: NodusObject) => { limitField?: string } | undefined;
}

/** The API verb an action's write is authorised as: every change is a merge patch, a delete a delete. */
export type ActionVerb = 'patch' | 'delete';

export const ACTION_VERBS: Record<ActionId, ActionVerb> = {
  suspend: 'patch',
  stop: 'patch',
  resume: 'patch',
  cancel: 'patch',
  restart: 'patch',
  raise: 'patch',
  delete: 'delete',
};

export interface ActionInput {
  kind: string;
  verbs: readonly string[];
  traits: ActionTraits;
  object: NodusObject;
  /** The object is gone (the view shows its last state). */
  deleted: boolean;
  /**
   * Why the key in use may not use a verb on this object, as the API's access review said (or that it is still
   * being asked); undefined when it may. Only a deletion says more than this.
   */
  denied?: (verb: ActionVerb) => string | undefined;
}

const cappedReason = (o: NodusObject) =>
  o.status?.conditions?.some((c) => c.type === 'Ready' && c.reason === 'MaxCostReached') ?? false;

/** A restart asked for and not yet acted on (the annotation differs from status.restartRequestHandled). */
export function pendingRestart(o: NodusObject): string | undefined {
  const requested = o.metadata.annotations?.[ANNOTATION_RESTART_REQUESTED_AT];
  return requested && o.status?.restartRequestHandled !== requested ? requested : undefined;
}

export function availableActions({ kind, verbs, traits, object: o, deleted, denied }: ActionInput): ActionState[] {
  const phase = typeof o.status?.phase === 'string' ? o.status.phase : undefined;
  const states = traits.states;
  const desired = typeof o.spec?.state === 'string' ? o.spec.state : states?.run;
  const finished = isFinished(traits, phase);
  const canPatch = verbs.includes('patch');
  // The same reason wins for every action: gone, going, not allowed, read-only, finished.
  const blocked = deleted
    ? `This ${kind} was deleted.`
    : o.metadata.deletionTimestamp
      ? `This ${kind} is being deleted; its spec can no longer change.`
      : undefined;
  const writeBlock =
    blocked ??
    denied?.('patch') ??
    (canPatch ? undefined : `The API does not let ${kind} objects be changed (discovery lists no patch verb).`);
  const done = finished ? `It has finished (${phase ?? 'done'}); there is nothing left to act on.` : undefined;
  const actions: ActionState[] = [];

  if (states?.suspend) {
    actions.push({
      id: 'suspend',
      label: 'Suspend',
      state: states.suspend,
      disabled:
        writeBlock ??
        done ??
        (desired === states.suspend
          ? `It is already suspended (spec.state is ${states.suspend}).`
          : desired === 'Stopped'
            ? 'It is stopped; start it first.'
            : undefined),
    });
  }
  if (states?.stop) {
    actions.push({
      id: 'stop',
      label: 'Stop',
      state: states.stop,
      disabled:
        writeBlock ??
        done ??
        (desired === states.stop ? `It is already stopped (spec.state is ${states.stop}).` : undefined),
    });
  }
  if (states && (states.suspend || states.stop)) {
    const held = desired === states.suspend || desired === states.stop;
    const label = states.stop && !states.suspend ? 'Start' : desired === 'Stopped' ? 'Start' : 'Resume';
    let why = writeBlock ?? done;
    if (!why && !held) {
      why =
        phase === 'Suspended' && cappedReason(o)
          ? 'It stopped at its cost cap: raise the max cost to let it go on.'
          : `It is not ${states.stop && !states.suspend ? 'stopped' : 'suspended or stopped'} (spec.state is ${desired ?? states.run}).`;
    }
    actions.push({ id: 'resume', label, state: states.run, disabled: why });
  }
  if (states?.cancel) {
    actions.push({
      id: 'cancel',
      label: 'Cancel',
      state: states.cancel,
      disabled: writeBlock ?? done ?? (desired === states.cancel ? 'It is already being cancelled.' : undefined),
    });
  }
  if (traits.restart) {
    const pending = pendingRestart(o);
    actions.push({
      id: 'restart',
      label: 'Restart',
      disabled:
        writeBlock ??
        done ??
        (pending
          ? `A restart requested at ${pending} is being handled.`
          : phase !== 'Running'
            ? `Only a Running ${kind} restarts; this one is ${phase ?? 'not running'}.`
            : undefined),
    });
  }
  const meter = traits.meter?.(o);
  if (meter?.limitField) {
    actions.push({ id: 'raise', label: 'Raise max cost', disabled: writeBlock ?? done });
  }
  actions.push({
    id: 'delete',
    label: 'Delete',
    disabled: deleted
      ? `This ${kind} was deleted.`
      : o.metadata.deletionTimestamp
        ? 'It is already being deleted.'
        : (denied?.('delete') ??
          (verbs.includes('delete')
            ? undefined
            : `The API does not let ${kind} objects be deleted (discovery lists no delete verb).`)),
  });
  return actions;
}

/**
 * The state action a list offers for many objects at once: suspend where the kind has it (a Sandbox also
 * stops, but suspending keeps more), else stop; none for a kind without either.
 */
export function holdAction(life: Pick<KindLife, 'states'>): 'suspend' | 'stop' | undefined {
  return life.states?.suspend ? 'suspend' : life.states?.stop ? 'stop' : undefined;
}

/** One action of an object that is still listed: its state, or why it does not apply. */
export function actionFor(id: ActionId, input: Omit<ActionInput, 'deleted'>): ActionState | undefined {
  return availableActions({ ...input, deleted: false }).find((a) => a.id === id);
}

/**
 * "Open terminal" for a kind that execs (its `exec` fact): on while the object is Running, otherwise why not, in
 * words. Undefined for a kind without a shell.
 */
export function terminalAction(input: {
  kind: string;
  exec: boolean | undefined;
  object: NodusObject;
  deleted: boolean;
  /** Why the key in use may not open one (the API's access review), if it may not. */
  denied?: string | undefined;
}): { label: string; disabled?: string } | undefined {
  if (!input.exec) return undefined;
  const { kind, object: o } = input;
  const phase = typeof o.status?.phase === 'string' ? o.status.phase : undefined;
  const disabled = input.deleted
    ? `This ${kind} was deleted.`
    : o.metadata.deletionTimestamp
      ? `This ${kind} is being deleted.`
      : input.denied
        ? input.denied
        : phase !== 'Running'
          ? `A terminal opens only in a Running ${kind}; this one is ${phase ?? 'not running yet'}${
              phase === 'Stopped' || phase === 'Suspended' ? ': start it first' : ''
            }.`
          : undefined;
  return { label: 'Open terminal', ...(disabled ? { disabled } : {}) };
}
