import { KIND_FACTS } from '@/shared/kinds.ts';
import { PRINTER_COLUMNS } from '@/shared/printer-columns.ts';
import { statusSchema, type KindDef } from './common.ts';

/** Images are base images Nodus publishes in the read-only project `nodus`; users reference them as nodus/<name>:<tag>. */
export const imageKind: KindDef = {
  ...KIND_FACTS.Image,
  description:
    'An Image is a base image Nodus publishes in the read-only project nodus; reference it as nodus/<name>:<tag>.',
  spec: {
    type: 'object',
    required: ['repository', 'tag'],
    description: 'What the image holds.',
    properties: {
      repository: { type: 'string', description: 'Repository name, e.g. pytorch.' },
      tag: { type: 'string', description: 'Tag, e.g. 2.8-cuda12.8.' },
      digest: { type: 'string', description: 'Content digest.' },
      description: { type: 'string', description: 'What the image is for.' },
      python: { type: 'string', description: 'Python version.' },
      cuda: { type: 'string', description: 'CUDA version, if any.' },
      sizeGiB: { type: 'number', description: 'Compressed size.' },
      architectures: { type: 'array', items: { type: 'string' }, description: 'CPU architectures.' },
    },
  },
  status: statusSchema(KIND_FACTS.Image.phases),
  columns: PRINTER_COLUMNS.Image,
};
