/**
 * What every kind is made of: a `KindDef` is the spec's facts about the kind (src/shared/kinds.ts) plus what only
 * the mock needs (schema, printer columns, how it uses compute), and the generic server code handles any kind
 * from it. Schema pieces shared by kinds live here.
 */
import { stateValues, type KindFacts } from '@/shared/kinds.ts';
import type { PrinterColumn as SharedPrinterColumn } from '@/shared/printer-columns.ts';
import type { NodusObject, ObjectStatus, StatusCause } from '@/shared/protocol.ts';
import type { Endpoint } from './endpoints.ts';
import type { Schema } from '../schema/schema.ts';

/** What one object asks for, per hour, to price it. */
export interface Usage {
  gpuType?: string;
  gpuCount: number;
  cpu: number;
  memoryGiB: number;
  storageGiB: number;
  /** Hours the estimate covers (the run for run-to-completion kinds, the first day for long-running ones). */
  hours: number;
  spot: boolean;
}

/** A printed column: the kinds' are declared in src/shared/printer-columns.ts; the mock's own resources add theirs. */
export interface PrinterColumn extends SharedPrinterColumn {
  /** The cell from the object, for a value no simple path reaches (a RoleBinding's "ClusterRole/nodus:viewer"). */
  render?: (obj: NodusObject) => unknown;
}

export interface KindDef extends KindFacts {
  description: string;
  spec: Schema;
  status: Schema;
  columns: readonly PrinterColumn[];
  usage?: (spec: Record<string, unknown>) => Usage;
  /** Checks between fields of one spec that the schema cannot state (e.g. minReplicas ≤ maxReplicas). */
  crossFieldCauses?: (spec: Record<string, unknown>) => StatusCause[];
  /** The status a new object of a kind without a lifecycle starts with; absent: `{ phase: phases[0] }`. */
  initialStatus?: (spec: Record<string, unknown>, generation: number, now: string) => ObjectStatus;
  /** How many replicas an object runs once it starts, for kinds that report status.replicas. */
  startReplicas?: (spec: Record<string, unknown>) => number;
  /** What a Running object exposes (status.endpoints and status.url); absent for kinds that serve nothing. */
  endpoints?: (obj: NodusObject) => Endpoint[];
}

export const GPU_TYPES = ['H100', 'A100-80GB', 'L40S', 'L4', 'T4'] as const;
export const REGIONS = ['us-east', 'us-west', 'eu-west', 'ap-south'] as const;

export const MONEY_PATTERN = '^\\d{1,9}(\\.\\d{1,4})?$';

export function money(description: string, extra: Partial<Schema> = {}): Schema {
  return {
    type: 'string',
    pattern: MONEY_PATTERN,
    example: '40.00',
    description: `${description} A decimal string in USD, e.g. "40.00".`,
    ...extra,
  };
}

/** spec.state with the kind's state values; the first (Running or Active) is the default. */
export function stateField(facts: Pick<KindFacts, 'states'>, description: string): Schema {
  const values = stateValues(facts);
  const first = values[0]!;
  return {
    type: 'string',
    enum: values,
    default: first,
    description: `${description} Set it to ${values.filter((v) => v !== first).join(' or ')} to act on the object; setting it back resumes where the kind allows.`,
    'x-nodus-mutable': 'any',
  };
}

/** Image references: `nodus/<name>:<tag>` for published images, or any registry path with a tag or digest. */
export const IMAGE_PATTERN = '^[a-z0-9]([a-z0-9._/-]*[a-z0-9])?(:[A-Za-z0-9._-]{1,128}|@sha256:[a-f0-9]{64})$';

export function image(
  description = 'The container image, e.g. nodus/pytorch:2.8-cuda12.8 (published in project nodus) or a registry path.',
): Schema {
  return { type: 'string', pattern: IMAGE_PATTERN, example: 'nodus/pytorch:2.8-cuda12.8', maxLength: 512, description };
}

export const commandField: Schema = {
  type: 'array',
  items: { type: 'string', maxLength: 4096 },
  maxItems: 256,
  description: "The command to run, as an argument vector. Defaults to the image's entrypoint.",
};

export const envField: Schema = {
  type: 'array',
  maxItems: 200,
  description: 'Environment variables for the process.',
  items: {
    type: 'object',
    required: ['name'],
    properties: {
      name: {
        type: 'string',
        pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
        example: 'LOG_LEVEL',
        maxLength: 256,
        description: 'Variable name.',
      },
      value: { type: 'string', default: '', maxLength: 32768, description: 'Variable value.' },
    },
  },
};

export const resourcesField: Schema = {
  type: 'object',
  description: 'What one replica gets: CPU cores, memory and GPUs.',
  properties: {
    cpu: { type: 'number', minimum: 0.25, maximum: 192, default: 4, description: 'CPU cores.' },
    memoryGiB: { type: 'number', minimum: 0.5, maximum: 2048, default: 16, description: 'Memory in GiB.' },
    gpu: {
      type: 'object',
      description: 'Accelerators. A count above 0 needs a type.',
      properties: {
        type: { type: 'string', enum: GPU_TYPES, description: 'GPU model.' },
        count: { type: 'integer', minimum: 0, maximum: 8, default: 0, description: 'GPUs per replica.' },
      },
    },
  },
};

export const placementField: Schema = {
  type: 'object',
  description: 'Where and at what price the object may run.',
  properties: {
    regions: {
      type: 'array',
      items: { type: 'string', enum: REGIONS },
      default: [],
      description: 'Allowed regions; empty means any.',
    },
    maxRateUSDPerHour: money(
      'The highest hourly rate to run at. Without it, a launch with If-Match never runs above the reviewed rate plus 10 %.',
    ),
    spot: { type: 'boolean', default: false, description: 'Run on interruptible capacity at a lower rate.' },
    priority: { type: 'string', enum: ['Low', 'Normal', 'High'], default: 'Normal', description: 'Queue priority.' },
  },
};

export const volumeMountsField: Schema = {
  type: 'array',
  maxItems: 16,
  description: 'Volumes (in the same project) to mount.',
  items: {
    type: 'object',
    required: ['name', 'mountPath'],
    properties: {
      name: { type: 'string', description: 'Name of a Volume in the same project.' },
      mountPath: { type: 'string', pattern: '^/', example: '/data', description: 'Absolute path to mount at.' },
      readOnly: { type: 'boolean', default: false, description: 'Mount read-only.' },
    },
  },
};

const conditionSchema: Schema = {
  type: 'object',
  properties: {
    type: { type: 'string', description: 'Condition type, e.g. Ready.' },
    status: { type: 'string', enum: ['True', 'False', 'Unknown'], description: 'Whether the condition holds.' },
    reason: { type: 'string', description: 'A one-word reason in CamelCase.' },
    message: { type: 'string', description: 'What happened, for a person.' },
    lastTransitionTime: { type: 'string', format: 'date-time', description: 'When the status last changed.' },
    observedGeneration: { type: 'integer', description: 'The generation the condition was set for.' },
  },
};

export const estimateSchema: Schema = {
  type: 'object',
  description: 'What a launch is expected to cost; returned by a dry-run (review) of a billable kind.',
  properties: {
    costUSD: money('Expected total cost.'),
    firstHoldUSD: money('Amount held when the object starts.'),
    rateUSDPerHour: money('Hourly rate at the time of the estimate.'),
    startTime: { type: 'string', format: 'date-time', description: 'When the object is expected to start running.' },
    priceBookVersion: { type: 'string', description: 'The price book the estimate was computed from.' },
    budgets: {
      type: 'array',
      description: 'How the launch would leave each Budget of the project that covers it.',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'The Budget.' },
          limitUSD: money('Its limit per period.'),
          spentUSD: money('Spent this period.'),
          remainingUSD: money('Left this period.'),
          remainingAfterUSD: {
            type: 'string',
            description: "Left after this launch's expected cost; negative when it would go over.",
          },
          wouldExceed: { type: 'boolean', description: 'The launch would go over the Budget.' },
          enforcement: {
            type: 'string',
            enum: ['Block', 'Alert'],
            description: 'Block refuses such a launch; Alert warns.',
          },
          alertThresholds: {
            type: 'array',
            items: { type: 'integer' },
            description: "The Budget's spec.alertThresholds: percentages of the limit at which it alerts, ascending.",
          },
        },
      },
    },
  },
};

export function statusSchema(phases: readonly string[], extra: Record<string, Schema> = {}): Schema {
  return {
    type: 'object',
    description: 'What Nodus observed. Written by Nodus only: what a client sends here is ignored.',
    properties: {
      phase: { type: 'string', enum: phases, description: 'Where the object is in its lifecycle.' },
      message: { type: 'string', description: 'A human-readable summary of the current phase.' },
      observedGeneration: { type: 'integer', description: 'The metadata.generation this status describes.' },
      conditions: { type: 'array', items: conditionSchema, description: 'Details, such as the condition Ready.' },
      ...extra,
    },
  };
}

export const billingStatus: Record<string, Schema> = {
  lastPhaseTransitionTime: { type: 'string', format: 'date-time', description: 'When the phase last changed.' },
  lastChargeTime: { type: 'string', format: 'date-time', description: 'Charges have posted up to this time.' },
  activeSeconds: { type: 'integer', description: 'Simulated seconds spent Running before the current stretch.' },
  reviewedRateUSDPerHour: money('The hourly rate at review, for a launch with If-Match.'),
  reviewed: {
    type: 'object',
    description: 'What was reviewed and agreed to, for a launch with If-Match: the estimate of that dry-run.',
    properties: {
      costUSD: money('Expected total cost at review.'),
      firstHoldUSD: money('Amount to be held when it starts, at review.'),
      rateUSDPerHour: money('Hourly rate at review.'),
      priceBookVersion: { type: 'string', description: 'The price book of the review.' },
      reviewedAt: { type: 'string', format: 'date-time', description: 'When the review was made.' },
      etag: { type: 'string', description: 'The ETag of the review, sent as If-Match.' },
    },
  },
  restartRequestHandled: {
    type: 'string',
    description: 'The last value of the annotation nodus.dev/restart-requested-at that was acted on.',
  },
  estimate: estimateSchema,
  costUSD: money('Spent so far.'),
  rateUSDPerHour: money('The hourly rate the object runs at.'),
  rateCapUSDPerHour: money(
    'The highest hourly rate the object may run at (the reviewed rate plus 10 %, or placement.maxRateUSDPerHour).',
  ),
  startTime: { type: 'string', format: 'date-time', description: 'When it started running.' },
  completionTime: { type: 'string', format: 'date-time', description: 'When it finished.' },
};

export function computeUsage(spec: Record<string, unknown>, hours: number, replicas = 1): Usage {
  const resources = (spec.resources ?? {}) as {
    cpu?: number;
    memoryGiB?: number;
    gpu?: { type?: string; count?: number };
  };
  const placement = (spec.placement ?? {}) as { spot?: boolean };
  return {
    ...(resources.gpu?.type ? { gpuType: resources.gpu.type } : {}),
    gpuCount: (resources.gpu?.count ?? 0) * replicas,
    cpu: (resources.cpu ?? 0) * replicas,
    memoryGiB: (resources.memoryGiB ?? 0) * replicas,
    storageGiB: 0,
    hours,
    spot: placement.spot ?? false,
  };
}
