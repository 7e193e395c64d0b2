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
import { endpointsStatus, sandboxEndpoints } from './endpoints.ts';

/** A Sandbox is a long-running, interactive container: a dev box or an agent's workspace. */
export const sandbox: KindDef = {
  ...KIND_FACTS.Sandbox,
  description:
    'A Sandbox is a long-running container you can exec into (Pending, Starting, Running, Stopped). Suspend it to stop paying for compute and keep its disk.',
  spec: {
    type: 'object',
    required: ['image'],
    description: 'What the Sandbox runs and what it may spend.',
    properties: {
      image: image(),
      command: commandField,
      env: envField,
      resources: resourcesField,
      ports: {
        type: 'array',
        maxItems: 16,
        description: 'Ports the Sandbox serves.',
        items: {
          type: 'object',
          required: ['port'],
          properties: {
            port: { type: 'integer', minimum: 1, maximum: 65535, description: 'Port number.' },
            protocol: { type: 'string', enum: ['HTTP', 'TCP'], default: 'HTTP', description: 'Protocol.' },
            public: { type: 'boolean', default: false, description: 'Reachable from the internet.' },
          },
        },
      },
      idleTimeoutSeconds: {
        type: 'integer',
        minimum: 0,
        maximum: 604800,
        default: 1800,
        description: 'Suspend after this long without activity; 0 never.',
        'x-nodus-mutable': 'any',
      },
      timeoutSeconds: {
        type: 'integer',
        minimum: 60,
        maximum: 2592000,
        default: 86400,
        description: 'Stop after this long in total.',
      },
      maxCostUSD: money('The most the Sandbox may spend; it stops when it gets there. May be raised, never lowered.', {
        default: '10.00',
        'x-nodus-mutable': 'raise-only',
      }),
      state: stateField(KIND_FACTS.Sandbox, 'Desired state.'),
      placement: placementField,
      volumes: volumeMountsField,
    },
  },
  status: statusSchema(KIND_FACTS.Sandbox.phases, {
    ...billingStatus,
    url: { type: 'string', description: "Where the Sandbox's first public HTTP port is served." },
    ...endpointsStatus,
  }),
  columns: PRINTER_COLUMNS.Sandbox,
  endpoints: sandboxEndpoints,
  usage: (spec) => computeUsage(spec, Math.min(24, Number(spec.timeoutSeconds ?? 86400) / 3600)),
};
