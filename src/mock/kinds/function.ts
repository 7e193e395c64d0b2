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
  type KindDef,
} from './common.ts';
import { endpointsStatus, functionEndpoints } from './endpoints.ts';

/** A Function serves requests, scaling replicas between minReplicas and maxReplicas. */
export const fn: KindDef = {
  ...KIND_FACTS.Function,
  description:
    'A Function serves requests on replicas that scale between minReplicas and maxReplicas (Pending, Starting, Running, Stopped).',
  spec: {
    type: 'object',
    required: ['image'],
    description: 'What the Function serves, how it scales and what it may spend.',
    properties: {
      image: image(),
      handler: {
        type: 'string',
        pattern: '^[A-Za-z_][A-Za-z0-9_.:]*$',
        example: 'app.handler',
        maxLength: 256,
        description:
          'Entry point, e.g. app.handler. The mock answers invocations by its last segment: echo (the default), fail (500) or slow (waits sleepMs from the JSON body, default 2000).',
      },
      requestSchema: {
        type: 'object',
        'x-kubernetes-preserve-unknown-fields': true,
        description:
          'A JSON Schema of the request body the Function expects; the console checks and completes requests against it.',
        'x-nodus-mutable': 'any',
      },
      command: commandField,
      env: envField,
      resources: resourcesField,
      minReplicas: {
        type: 'integer',
        minimum: 0,
        maximum: 1000,
        default: 0,
        description: 'Replicas kept warm.',
        'x-nodus-mutable': 'any',
      },
      maxReplicas: {
        type: 'integer',
        minimum: 1,
        maximum: 1000,
        default: 10,
        description: 'Most replicas at peak.',
        'x-nodus-mutable': 'any',
      },
      concurrency: {
        type: 'integer',
        minimum: 1,
        maximum: 1000,
        default: 1,
        description: 'Requests one replica serves at once.',
      },
      timeoutSeconds: {
        type: 'integer',
        minimum: 1,
        maximum: 3600,
        default: 300,
        description: 'Longest a request may run.',
      },
      maxCostUSD: money('The most the Function may spend; it stops when it gets there. May be raised, never lowered.', {
        default: '50.00',
        'x-nodus-mutable': 'raise-only',
      }),
      state: stateField(KIND_FACTS.Function, 'Desired state.'),
      placement: placementField,
    },
  },
  status: statusSchema(KIND_FACTS.Function.phases, {
    ...billingStatus,
    replicas: { type: 'integer', description: 'Replicas running now.' },
    url: { type: 'string', description: 'Where the Function is served.' },
    ...endpointsStatus,
  }),
  columns: PRINTER_COLUMNS.Function,
  // The estimate covers the first day with the warm replicas (at least one) running.
  usage: (spec) => computeUsage(spec, 24, Math.max(1, Number(spec.minReplicas ?? 0))),
  crossFieldCauses: (spec) =>
    Number(spec.minReplicas) > Number(spec.maxReplicas)
      ? [
          {
            field: 'spec.minReplicas',
            reason: 'FieldValueInvalid',
            message: `must not exceed spec.maxReplicas (${String(spec.maxReplicas)})`,
          },
        ]
      : [],
  endpoints: functionEndpoints,
  startReplicas: (spec) => Math.max(1, Number(spec.minReplicas ?? 0)),
};
