/**
 * The spec's facts about each Nodus kind, as data: the one place a kind is declared. The mock's kind definitions
 * (schema, printer columns, controller behaviour) and the console's presentation registry (columns, facts,
 * icon, template) each extend this table, keyed by kind, so a kind missing on either side is a type error.
 * Like protocol.ts it holds no behaviour beyond reading these facts.
 */
import { LABEL_PIPELINE, type Phase } from './protocol.ts';

export type Lifecycle = 'run-to-completion' | 'long-running' | 'none';

/** What run-to-completion kinds move through: Queued → Provisioning → Running → Succeeded | Failed | Cancelled. */
export const RUN_PHASES = [
  'Queued',
  'Provisioning',
  'Running',
  'Succeeded',
  'Failed',
  'Cancelled',
  'Suspended',
  'Cancelling',
] as const;
/** What long-running kinds move through: Pending → Starting → Running → Stopped. */
export const LONG_PHASES = ['Pending', 'Starting', 'Running', 'Stopped', 'Suspended', 'Failed', 'Terminating'] as const;

/** The values of spec.state by what they do; `run` is the default (Running or Active). */
export interface StateValues {
  run: 'Running' | 'Active';
  suspend?: 'Suspended';
  stop?: 'Stopped';
  cancel?: 'Cancelled';
}

export interface ChildKind {
  kind: string;
  plural: string;
  /** The label the owner puts on each child, valued with the owner's name. */
  label: string;
}

export interface KindFacts {
  kind: string;
  plural: string;
  singular: string;
  shortNames: readonly string[];
  /** uid prefix, e.g. `job` gives `job_01j9...`. */
  uidPrefix: string;
  lifecycle: Lifecycle;
  /** Every value status.phase takes, in the order a filter lists them. */
  phases: readonly Phase[];
  /** Absent: the kind has no spec.state. */
  states?: StateValues;
  /** The phase an object shows while its billing finalizer waits for the final charge after a delete. */
  deletingPhase?: 'Cancelling' | 'Terminating';
  /** Objects this kind starts and owns: a delete removes them too. */
  children?: ChildKind;
  /** Objects that cost money get an estimate on dry-run and the billing finalizer. */
  billable: boolean;
  /** Objects that run something have a log (the `log` subresource); storage and budgets do not. */
  logs: boolean;
  /** A Running object restarts when nodus.dev/restart-requested-at gets a new value. */
  restart: boolean;
  /** Only Nodus creates these, all in its read-only project. */
  published: boolean;
  /** A shell can be opened in a Running object (the `exec` subresource, Kubernetes' remote command protocol). */
  exec?: boolean;
  /** Its files can be listed, read and written (the `files` subresource). */
  files?: boolean;
  /** It answers requests sent through the API (the `invoke` subresource). */
  invoke?: boolean;
}

const RUN_STATES = { run: 'Running', suspend: 'Suspended', cancel: 'Cancelled' } as const;

const run = {
  lifecycle: 'run-to-completion',
  phases: RUN_PHASES,
  states: RUN_STATES,
  deletingPhase: 'Cancelling',
  billable: true,
  logs: true,
  published: false,
} as const;
const long = {
  lifecycle: 'long-running',
  phases: LONG_PHASES,
  deletingPhase: 'Terminating',
  billable: true,
  published: false,
} as const;

/** The kinds of nodus.dev/v1, in the order discovery lists them. */
const FACTS = {
  Job: { ...run, kind: 'Job', plural: 'jobs', singular: 'job', shortNames: ['nj'], uidPrefix: 'job', restart: true },
  Sandbox: {
    ...long,
    kind: 'Sandbox',
    plural: 'sandboxes',
    singular: 'sandbox',
    shortNames: ['sbx'],
    uidPrefix: 'sbx',
    states: { run: 'Running', suspend: 'Suspended', stop: 'Stopped' },
    logs: true,
    restart: true,
    exec: true,
    files: true,
  },
  Function: {
    ...long,
    kind: 'Function',
    plural: 'functions',
    singular: 'function',
    shortNames: ['fn'],
    uidPrefix: 'fn',
    states: { run: 'Running', stop: 'Stopped' },
    logs: true,
    restart: true,
    invoke: true,
  },
  Volume: {
    ...long,
    kind: 'Volume',
    plural: 'volumes',
    singular: 'volume',
    shortNames: ['vol'],
    uidPrefix: 'vol',
    states: { run: 'Running', stop: 'Stopped' },
    logs: false,
    restart: false,
    files: true,
  },
  Budget: {
    kind: 'Budget',
    plural: 'budgets',
    singular: 'budget',
    shortNames: ['bud'],
    uidPrefix: 'bud',
    lifecycle: 'none',
    phases: ['Active', 'Suspended', 'Exceeded'],
    states: { run: 'Active', suspend: 'Suspended' },
    billable: false,
    logs: false,
    restart: false,
    published: false,
  },
  Pipeline: {
    ...run,
    kind: 'Pipeline',
    plural: 'pipelines',
    singular: 'pipeline',
    shortNames: ['pl'],
    uidPrefix: 'pl',
    restart: false,
    children: { kind: 'Job', plural: 'jobs', label: LABEL_PIPELINE },
  },
  Image: {
    kind: 'Image',
    plural: 'images',
    singular: 'image',
    shortNames: ['img'],
    uidPrefix: 'img',
    lifecycle: 'none',
    phases: ['Available', 'Deprecated'],
    billable: false,
    logs: false,
    restart: false,
    published: true,
  },
} as const satisfies Record<string, KindFacts>;

export type KindName = keyof typeof FACTS;

export const KIND_FACTS: Readonly<Record<KindName, KindFacts>> = FACTS;

export const KIND_NAMES = Object.keys(KIND_FACTS) as KindName[];

const byName = new Map<string, KindFacts>(Object.entries(KIND_FACTS));
const byPlural = new Map<string, KindFacts>(Object.values(KIND_FACTS).map((f) => [f.plural, f]));

/** The facts of a kind the spec declares; undefined for a kind only discovery knows (a newer API's). */
export function kindFacts(kind: string): KindFacts | undefined {
  return byName.get(kind);
}

export function kindFactsByPlural(plural: string): KindFacts | undefined {
  return byPlural.get(plural);
}

export function isKindName(kind: string): kind is KindName {
  return byName.has(kind);
}

/** Every phase any declared kind shows, each once, in the order the kinds list them. */
export const ALL_PHASES: readonly Phase[] = [
  ...new Set(Object.values(FACTS).flatMap((f): readonly Phase[] => f.phases)),
];

/** spec.state's values in the schema's order: the default first, then suspend, stop and cancel. */
export function stateValues(facts: Pick<KindFacts, 'states'>): string[] {
  const s = facts.states;
  return s ? [s.run, s.suspend, s.stop, s.cancel].filter((v): v is NonNullable<typeof v> => v !== undefined) : [];
}

/** The phases after which nothing moves any more. */
export function isFinished(facts: Pick<KindFacts, 'lifecycle'>, phase: string | undefined): boolean {
  if (facts.lifecycle === 'run-to-completion')
    return phase === 'Succeeded' || phase === 'Failed' || phase === 'Cancelled';
  if (facts.lifecycle === 'long-running') return phase === 'Failed';
  return false;
}
