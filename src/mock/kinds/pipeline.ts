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
  type Usage,
} from './common.ts';

/** A Pipeline runs steps in order, each as a Job it owns. */
export const pipeline: KindDef = {
  ...KIND_FACTS.Pipeline,
  description:
    'A Pipeline runs its steps in order, each as a Job it owns; deleting it deletes those Jobs unless the delete says Orphan.',
  spec: {
    type: 'object',
    required: ['steps'],
    description: 'The steps and what the whole Pipeline may spend.',
    properties: {
      steps: {
        type: 'array',
        minItems: 1,
        maxItems: 50,
        description: 'Steps, run in order.',
        items: {
          type: 'object',
          required: ['name', 'image'],
          properties: {
            name: {
              type: 'string',
              pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
              example: 'preprocess',
              maxLength: 40,
              description: 'Step name, a DNS label.',
            },
            image: image(),
            command: commandField,
            env: envField,
            resources: resourcesField,
            timeoutSeconds: {
              type: 'integer',
              minimum: 60,
              maximum: 604800,
              default: 3600,
              description: 'The step fails if it runs longer.',
            },
          },
        },
      },
      maxCostUSD: money('The most the whole Pipeline may spend. May be raised, never lowered.', {
        default: '100.00',
        'x-nodus-mutable': 'raise-only',
      }),
      state: stateField(KIND_FACTS.Pipeline, 'Desired state.'),
      placement: placementField,
    },
  },
  status: statusSchema(KIND_FACTS.Pipeline.phases, {
    ...billingStatus,
    currentStep: { type: 'string', description: 'The step running now.' },
    completedSteps: { type: 'integer', description: 'Steps finished.' },
  }),
  columns: PRINTER_COLUMNS.Pipeline,
  // Priced as its most expensive step for the sum of the steps' timeouts.
  usage: (spec) => {
    const steps = (Array.isArray(spec.steps) ? spec.steps : []) as Record<string, unknown>[];
    const usages = steps.map((s) =>
      computeUsage({ ...s, placement: spec.placement }, Number(s.timeoutSeconds ?? 3600) / 3600),
    );
    const hours = usages.reduce((sum, u) => sum + u.hours, 0);
    const heaviest = usages.reduce<Usage | undefined>(
      (a, u) => (!a || u.gpuCount * 100 + u.cpu > a.gpuCount * 100 + a.cpu ? u : a),
      undefined,
    );
    return heaviest ? { ...heaviest, hours } : computeUsage(spec, 0);
  },
};
