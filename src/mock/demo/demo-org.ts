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
