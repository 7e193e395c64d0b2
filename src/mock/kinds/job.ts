import { KIND_FACTS } from '@/shared/kinds.ts';
import { PRINTER_COLUMNS } from '@/shared/printer-columns.ts';
import {
  billingStatus,
  commandField,
  computeUsage,
  envField,
  image,
  money,
  placementField,
  resourcesField,
  stateField,
  statusSchema,
  volumeMountsField,
  type KindDef,
} from './common.ts';

/** A Job runs a command to completion on the resources it asks for, and stops at its cost cap. */
export const job: KindDef = {
  ...KIND_FACTS.Job,
  description:
    'A Job runs a command to completion (Queued, Provisioning, Running, then Succeeded, Failed or Cancelled) and never spends more than maxCostUSD.',
  spec: {
    type: 'object',
    required: ['image'],
    description: 'What the Job runs and what it may spend.',
    properties: {
      image: image(),
      command: commandField,
      args: {
        type: 'array',
        items: { type: 'string', maxLength: 4096 },
        maxItems: 256,
        description: 'Arguments appended to the command.',
      },
      workingDir: {
        type: 'string',
        pattern: '^/',
        example: '/workspace',
        description: 'Working directory of the process.',
      },
      env: envField,
      resources: resourcesField,
      maxCostUSD: money(
        'The most the Job may spend; it stops when it gets there. May be raised after create, never lowered.',
        { default: '25.00', 'x-nodus-mutable': 'raise-only' },
      ),
      timeoutSeconds: {
        type: 'integer',
        minimum: 60,
        maximum: 604800,
        default: 14400,
        description: 'The Job fails if it runs longer than this.',
      },
      retries: {
        type: 'integer',
        minimum: 0,
        maximum: 10,
        default: 0,
        description: 'How many times a failed run is retried.',
      },
      state: stateField(KIND_FACTS.Job, 'Desired state.'),
      placement: placementField,
      volumes: volumeMountsField,
    },
  },
  status: statusSchema(KIND_FACTS.Job.phases, billingStatus),
  columns: PRINTER_COLUMNS.Job,
  usage: (spec) => computeUsage(spec, Number(spec.timeoutSeconds ?? 14400) / 3600),
};
