import { KIND_FACTS } from '@/shared/kinds.ts';
import { PRINTER_COLUMNS } from '@/shared/printer-columns.ts';
import { money, stateField, statusSchema, type KindDef } from './common.ts';

/** A Budget caps what a project may spend in a period. */
export const budget: KindDef = {
  ...KIND_FACTS.Budget,
  description: 'A Budget caps what the objects of a project (or those matching a selector) may spend in a period.',
  spec: {
    type: 'object',
    required: ['limitUSD'],
    description: 'The limit, its period and what it covers.',
    properties: {
      limitUSD: money('The most the project may spend in one period.', { 'x-nodus-mutable': 'any' }),
      period: {
        type: 'string',
        enum: ['Daily', 'Weekly', 'Monthly'],
        default: 'Monthly',
        description: 'How often the spending resets.',
      },
      selector: {
        type: 'object',
        description: 'Objects the Budget covers; empty covers the whole project.',
        properties: {
          matchLabels: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: 'Labels the objects must have.',
          },
        },
        'x-nodus-mutable': 'any',
      },
      alertThresholds: {
        type: 'array',
        items: { type: 'integer', minimum: 1, maximum: 100 },
        default: [50, 80, 100],
        description: 'Percentages of the limit at which to alert.',
        'x-nodus-mutable': 'any',
      },
      enforcement: {
        type: 'string',
        enum: ['Block', 'Alert'],
        default: 'Block',
        description: 'Block refuses launches that would go over; Alert only warns.',
        'x-nodus-mutable': 'any',
      },
      state: stateField(KIND_FACTS.Budget, 'Desired state; a Suspended Budget neither blocks nor alerts.'),
    },
  },
  status: statusSchema(KIND_FACTS.Budget.phases, {
    spentUSD: money('Spent in the current period.'),
    remainingUSD: money('Left in the current period.'),
    periodStart: { type: 'string', format: 'date-time', description: 'When the current period began.' },
  }),
  columns: PRINTER_COLUMNS.Budget,
  // Spending is tracked from creation: nothing spent, the whole limit left.
  initialStatus: (spec, generation, now) => ({
    phase: spec.state === 'Suspended' ? 'Suspended' : 'Active',
    observedGeneration: generation,
    spentUSD: '0.00',
    remainingUSD: spec.limitUSD,
    periodStart: now,
    conditions: [
      {
        type: 'Ready',
        status: 'True',
        reason: 'Tracking',
        message: 'Spending is tracked from now on.',
        lastTransitionTime: now,
      },
    ],
  }),
};
