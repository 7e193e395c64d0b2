/** The shape of the demo org's objects, and the Images Nodus publishes in it. */
import type { ObjectStatus } from '@/shared/protocol.ts';

export interface Seed {
  plural: string;
  name: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  spec: Record<string, unknown>;
  phase?: string;
  message?: string;
  costUSD?: string;
  ageMinutes?: number;
  /** Minutes since it was deleted: it is still being deleted (a finalizer holds it). */
  deletingMinutes?: number;
  status?: Partial<ObjectStatus>;
}

export const IMAGES = [
  {
    repository: 'pytorch',
    tag: '2.8-cuda12.8',
    cuda: '12.8',
    python: '3.12',
    sizeGiB: 9.8,
    description: 'PyTorch 2.8 with CUDA 12.8 and cuDNN.',
  },
  {
    repository: 'pytorch',
    tag: '2.7-cuda12.6',
    cuda: '12.6',
    python: '3.11',
    sizeGiB: 9.1,
    description: 'PyTorch 2.7 with CUDA 12.6.',
  },
  {
    repository: 'jax',
    tag: '0.6-cuda12.8',
    cuda: '12.8',
    python: '3.12',
    sizeGiB: 7.4,
    description: 'JAX 0.6 with CUDA 12.8.',
  },
  {
    repository: 'vllm',
    tag: '0.9-cuda12.8',
    cuda: '12.8',
    python: '3.12',
    sizeGiB: 11.2,
    description: 'vLLM 0.9 inference server.',
  },
  { repository: 'python', tag: '3.12', python: '3.12', sizeGiB: 0.4, description: 'Python 3.12 on Debian, CPU only.' },
  { repository: 'ubuntu', tag: '24.04', sizeGiB: 0.1, description: 'Ubuntu 24.04 base.' },
  { repository: 'node', tag: '22', sizeGiB: 0.4, description: 'Node.js 22 on Debian.' },
];

export const gpu = (type: string, count: number) => ({ cpu: 8 * count, memoryGiB: 64 * count, gpu: { type, count } });

/** The request body the demo's echo Function expects: the console's request editor checks against it. */
export const ECHO_REQUEST_SCHEMA = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'What the Function sends back.' },
    repeat: { type: 'integer', minimum: 1, maximum: 10, description: 'How many times.' },
    sleepMs: { type: 'integer', minimum: 0, description: 'Ignored by echo; slow handlers wait this long.' },
  },
};

/** A Function to invoke from the console: it echoes what it gets, and declares the body it expects. */
export const ECHO_FUNCTION: Seed = {
  plural: 'functions',
  name: 'echo',
  labels: { team: 'platform' },
  spec: {
    image: 'nodus/node:22',
    handler: 'app.echo',
    resources: { cpu: 1, memoryGiB: 1 },
    minReplicas: 1,
    timeoutSeconds: 30,
    maxCostUSD: '5.00',
    requestSchema: ECHO_REQUEST_SCHEMA,
  },
  phase: 'Running',
  costUSD: '0.12',
  ageMinutes: 600,
  status: { replicas: 1 },
};
