import { KIND_FACTS } from '@/shared/kinds.ts';
import { PRINTER_COLUMNS } from '@/shared/printer-columns.ts';
import { REGIONS, billingStatus, money, stateField, statusSchema, type KindDef } from './common.ts';

/** A Volume is persistent storage that Jobs and Sandboxes in the same project mount. */
export const volume: KindDef = {
  ...KIND_FACTS.Volume,
  description:
    'A Volume is persistent storage that Jobs, Sandboxes and Functions in the same project mount. It costs per GiB while it exists.',
  spec: {
    type: 'object',
    description: 'Size, class and what the Volume may spend.',
    properties: {
      sizeGiB: {
        type: 'integer',
        minimum: 1,
        maximum: 65536,
        default: 100,
        description: 'Capacity in GiB. May grow after create, never shrink.',
        'x-nodus-mutable': 'raise-only',
      },
      storageClass: {
        type: 'string',
        enum: ['standard', 'ssd'],
        default: 'ssd',
        description: 'Disk class; ssd costs twice standard.',
      },
      accessMode: {
        type: 'string',
        enum: ['ReadWriteOnce', 'ReadWriteMany', 'ReadOnlyMany'],
        default: 'ReadWriteOnce',
        description: 'How many writers may mount it.',
      },
      region: { type: 'string', enum: REGIONS, default: 'us-east', description: 'Region the data lives in.' },
      maxCostUSD: money('The most the Volume may spend per month. May be raised, never lowered.', {
        default: '20.00',
        'x-nodus-mutable': 'raise-only',
      }),
      state: stateField(KIND_FACTS.Volume, 'Desired state; Stopped detaches the Volume and keeps its data.'),
    },
  },
  status: statusSchema(KIND_FACTS.Volume.phases, {
    ...billingStatus,
    usedGiB: { type: 'number', description: 'GiB in use.' },
  }),
  columns: PRINTER_COLUMNS.Volume,
  // The estimate covers a month of storage; ssd counts double.
  usage: (spec) => ({
    gpuCount: 0,
    cpu: 0,
    memoryGiB: 0,
    storageGiB: Number(spec.sizeGiB ?? 100) * (spec.storageClass === 'standard' ? 1 : 2),
    hours: 730,
    spot: false,
  }),
};
