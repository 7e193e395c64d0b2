/**
 * The demo org: a few projects with objects of every kind in many phases, Budgets, and the published Images.
 * Every object goes through the same admission as an API create, so demo data is always valid.
 */
import {
  LABEL_CREATED_BY,
  PUBLIC_PROJECT,
  type Condition,
  type NodusObject,
  type ObjectStatus,
} from '@/shared/protocol.ts';
import { initialStatus, newObject, newProject, specContext } from '../admission/new-object.ts';
import { admitSpec } from '../admission/spec.ts';
import { estimateFor } from '../billing/pricing.ts';
import { kindByPlural } from '../kinds/index.ts';
import { markDeleting } from '../objects/deletion.ts';
import { ANNOTATION_RUN_SECONDS, ANNOTATION_STUCK } from '../controller/timing.ts';
import type { MockState } from '../state.ts';

interface Seed {
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

const IMAGES = [
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

const gpu = (type: string, count: number) => ({ cpu: 8 * count, memoryGiB: 64 * count, gpu: { type, count } });

const PROJECTS: Record<string, Seed[]> = {
  default: [
    {
      plural: 'jobs',
      name: 'train-a',
      labels: { app: 'trainer' },
      annotations: { [ANNOTATION_RUN_SECONDS]: '10800' },
      spec: { image: 'nodus/pytorch:2.8-cuda12.8', command: ['python', 'train.py'], maxCostUSD: '40.00' },
      phase: 'Running',
      costUSD: '3.12',
      ageMinutes: 42,
    },
    {
      plural: 'jobs',
      name: 'hello-world',
      spec: {
        image: 'nodus/python:3.12',
        command: ['python', '-c', 'print("hello")'],
        resources: { cpu: 1, memoryGiB: 2 },
        maxCostUSD: '1.00',
      },
      phase: 'Succeeded',
      costUSD: '0.01',
      ageMinutes: 600,
    },
    // Its log has exactly 1,000,000 lines (src/mock/logs): for tests and benchmarks of long logs.
    {
      plural: 'jobs',
      name: 'log-flood',
      labels: { app: 'load-test', 'mock.nodus.dev/log-lines': '1000000' },
      spec: {
        image: 'nodus/python:3.12',
        command: ['python', 'flood.py'],
        resources: { cpu: 1, memoryGiB: 2 },
        maxCostUSD: '1.00',
      },
      phase: 'Succeeded',
      costUSD: '0.02',
      ageMinutes: 90,
    },
    {
      plural: 'jobs',
      name: 'etl-nightly',
      labels: { app: 'etl', schedule: 'nightly' },
      spec: {
        image: 'nodus/python:3.12',
        command: ['python', 'etl.py'],
        resources: { cpu: 16, memoryGiB: 64 },
        maxCostUSD: '15.00',
      },
      phase: 'Queued',
      ageMinutes: 2,
    },
    {
      plural: 'sandboxes',
      name: 'dev',
      labels: { owner: 'ana' },
      spec: {
        image: 'nodus/pytorch:2.8-cuda12.8',
        resources: gpu('L4', 1),
        ports: [{ port: 8888 }],
        maxCostUSD: '30.00',
      },
      phase: 'Running',
      costUSD: '6.40',
      ageMinutes: 300,
    },
    {
      plural: 'volumes',
      name: 'datasets',
      spec: { sizeGiB: 500, storageClass: 'standard' },
      phase: 'Running',
      costUSD: '1.83',
      ageMinutes: 20000,
    },
    {
      plural: 'budgets',
      name: 'monthly',
      spec: { limitUSD: '500.00', period: 'Monthly' },
      status: { spentUSD: '212.47', remainingUSD: '287.53' },
    },
  ],
  nlp: [
    {
      plural: 'jobs',
      name: 'finetune-llama',
      labels: { team: 'nlp', app: 'trainer' },
      annotations: { [ANNOTATION_RUN_SECONDS]: '40000' },
      spec: {
        image: 'nodus/pytorch:2.8-cuda12.8',
        command: ['torchrun', '--nproc-per-node=8', 'finetune.py'],
        resources: gpu('H100', 8),
        maxCostUSD: '400.00',
        timeoutSeconds: 43200,
      },
      phase: 'Running',
      costUSD: '187.55',
      ageMinutes: 190,
    },
    {
      plural: 'jobs',
      name: 'eval-mmlu',
      labels: { team: 'nlp', app: 'eval' },
      spec: {
        image: 'nodus/vllm:0.9-cuda12.8',
        command: ['python', 'eval.py', '--suite', 'mmlu'],
        resources: gpu('A100-80GB', 2),
        maxCostUSD: '60.00',
      },
      phase: 'Provisioning',
      ageMinutes: 3,
    },
    {
      plural: 'jobs',
      name: 'tokenize-corpus',
      labels: { team: 'nlp', app: 'etl' },
      spec: {
        image: 'nodus/python:3.12',
        command: ['python', 'tokenize.py'],
        resources: { cpu: 32, memoryGiB: 128 },
        maxCostUSD: '20.00',
      },
      phase: 'Succeeded',
      costUSD: '4.71',
      ageMinutes: 1440,
    },
    {
      plural: 'jobs',
      name: 'distill-7b',
      labels: { team: 'nlp', app: 'trainer' },
      spec: {
        image: 'nodus/pytorch:2.8-cuda12.8',
        command: ['python', 'distill.py'],
        resources: gpu('H100', 4),
        maxCostUSD: '120.00',
      },
      phase: 'Failed',
      message:
        'The process exited with code 137: out of memory on GPU 2 (CUDA error: out of memory). Lower the batch size or ask for more GPUs.',
      costUSD: '38.20',
      ageMinutes: 720,
    },
    {
      plural: 'jobs',
      name: 'sweep-lr-3',
      labels: { team: 'nlp', app: 'sweep' },
      spec: {
        image: 'nodus/pytorch:2.8-cuda12.8',
        command: ['python', 'sweep.py', '--lr', '3e-4'],
        resources: gpu('L40S', 1),
        maxCostUSD: '10.00',
        state: 'Suspended',
      },
      phase: 'Suspended',
      costUSD: '2.02',
      ageMinutes: 95,
    },
    {
      plural: 'jobs',
      name: 'sweep-lr-4',
      labels: { team: 'nlp', app: 'sweep' },
      spec: {
        image: 'nodus/pytorch:2.8-cuda12.8',
        command: ['python', 'sweep.py', '--lr', '1e-4'],
        resources: gpu('L40S', 1),
        maxCostUSD: '10.00',
        state: 'Cancelled',
      },
      phase: 'Cancelled',
      costUSD: '0.87',
      ageMinutes: 95,
    },
    {
      plural: 'functions',
      name: 'embed',
      labels: { team: 'nlp' },
      spec: {
        image: 'nodus/vllm:0.9-cuda12.8',
        handler: 'serve.embed',
        resources: gpu('L4', 1),
        minReplicas: 1,
        maxReplicas: 8,
        maxCostUSD: '200.00',
      },
      phase: 'Running',
      costUSD: '51.90',
      ageMinutes: 9000,
      status: { replicas: 3 },
    },
    {
      plural: 'pipelines',
      name: 'nightly-eval',
      labels: { team: 'nlp' },
      spec: {
        steps: [
          { name: 'fetch', image: 'nodus/python:3.12', command: ['python', 'fetch.py'] },
          { name: 'score', image: 'nodus/vllm:0.9-cuda12.8', resources: gpu('A100-80GB', 1) },
          { name: 'report', image: 'nodus/python:3.12' },
        ],
        maxCostUSD: '80.00',
      },
      phase: 'Running',
      costUSD: '0.00',
      ageMinutes: 50,
    },
    {
      plural: 'volumes',
      name: 'checkpoints',
      labels: { team: 'nlp' },
      spec: { sizeGiB: 2000, storageClass: 'ssd' },
      phase: 'Running',
      costUSD: '29.20',
      ageMinutes: 30000,
    },
    {
      plural: 'budgets',
      name: 'nlp-monthly',
      labels: { team: 'nlp' },
      spec: { limitUSD: '5000.00', period: 'Monthly', alertThresholds: [50, 90] },
      status: { spentUSD: '3911.08', remainingUSD: '1088.92' },
    },
  ],
  vision: [
    {
      plural: 'jobs',
      name: 'train-detector',
      labels: { team: 'vision', app: 'trainer' },
      annotations: { [ANNOTATION_RUN_SECONDS]: '30000' },
      spec: {
        image: 'nodus/pytorch:2.7-cuda12.6',
        command: ['python', 'train_det.py'],
        resources: gpu('A100-80GB', 4),
        maxCostUSD: '150.00',
        timeoutSeconds: 86400,
      },
      phase: 'Running',
      costUSD: '61.04',
      ageMinutes: 400,
    },
    {
      plural: 'jobs',
      name: 'augment-coco',
      labels: { team: 'vision', app: 'etl' },
      spec: { image: 'nodus/python:3.12', command: ['python', 'augment.py'], maxCostUSD: '5.00' },
      phase: 'Queued',
      ageMinutes: 12,
      status: { reviewedRateUSDPerHour: '0.09', rateCapUSDPerHour: '0.099' },
    },
    {
      plural: 'jobs',
      name: 'old-baseline',
      labels: { team: 'vision', app: 'trainer' },
      annotations: { [ANNOTATION_STUCK]: 'true' },
      spec: {
        image: 'nodus/pytorch:2.7-cuda12.6',
        command: ['python', 'baseline.py'],
        resources: gpu('T4', 1),
        maxCostUSD: '8.00',
      },
      phase: 'Cancelling',
      costUSD: '7.11',
      ageMinutes: 2000,
      deletingMinutes: 95,
    },
    {
      plural: 'sandboxes',
      name: 'label-studio',
      labels: { team: 'vision' },
      spec: {
        image: 'nodus/python:3.12',
        ports: [{ port: 8080, public: true }],
        maxCostUSD: '25.00',
        state: 'Stopped',
      },
      phase: 'Stopped',
      costUSD: '9.70',
      ageMinutes: 5000,
    },
    {
      plural: 'sandboxes',
      name: 'notebook-kim',
      labels: { team: 'vision', owner: 'kim' },
      spec: { image: 'nodus/jax:0.6-cuda12.8', resources: gpu('L4', 1), maxCostUSD: '15.00' },
      phase: 'Starting',
      ageMinutes: 1,
    },
    {
      plural: 'functions',
      name: 'classify',
      labels: { team: 'vision' },
      spec: {
        image: 'nodus/pytorch:2.8-cuda12.8',
        handler: 'app.classify',
        resources: gpu('T4', 1),
        maxReplicas: 4,
        maxCostUSD: '40.00',
        state: 'Stopped',
      },
      phase: 'Stopped',
      costUSD: '18.00',
      ageMinutes: 12000,
    },
    {
      plural: 'budgets',
      name: 'vision-weekly',
      labels: { team: 'vision' },
      spec: { limitUSD: '800.00', period: 'Weekly', enforcement: 'Alert' },
      status: { spentUSD: '655.10', remainingUSD: '144.90' },
    },
  ],
  platform: [
    {
      plural: 'functions',
      name: 'webhook-router',
      labels: { team: 'platform' },
      spec: {
        image: 'nodus/node:22',
        handler: 'index.handler',
        resources: { cpu: 1, memoryGiB: 1 },
        minReplicas: 2,
        maxCostUSD: '30.00',
      },
      phase: 'Running',
      costUSD: '4.33',
      ageMinutes: 40000,
      status: { replicas: 2 },
    },
    {
      plural: 'sandboxes',
      name: 'ci-runner-1',
      labels: { team: 'platform', role: 'ci' },
      spec: { image: 'nodus/ubuntu:24.04', resources: { cpu: 8, memoryGiB: 32 }, maxCostUSD: '12.00' },
      phase: 'Running',
      costUSD: '1.20',
      ageMinutes: 180,
    },
    {
      plural: 'sandboxes',
      name: 'ci-runner-2',
      labels: { team: 'platform', role: 'ci' },
      spec: { image: 'nodus/ubuntu:24.04', resources: { cpu: 8, memoryGiB: 32 }, maxCostUSD: '12.00' },
      phase: 'Failed',
      message:
        'The container exited with code 1 during start: /entrypoint.sh: permission denied. Make the entrypoint executable.',
      costUSD: '0.05',
      ageMinutes: 60,
    },
    {
      plural: 'volumes',
      name: 'build-cache',
      labels: { team: 'platform' },
      spec: { sizeGiB: 200 },
      phase: 'Pending',
      ageMinutes: 0,
    },
    {
      plural: 'pipelines',
      name: 'release-images',
      labels: { team: 'platform' },
      spec: {
        steps: [
          { name: 'build', image: 'nodus/ubuntu:24.04' },
          { name: 'scan', image: 'nodus/ubuntu:24.04' },
          { name: 'push', image: 'nodus/ubuntu:24.04' },
        ],
        maxCostUSD: '10.00',
      },
      phase: 'Succeeded',
      costUSD: '0.92',
      ageMinutes: 3000,
      status: { completedSteps: 3 },
    },
    {
      plural: 'budgets',
      name: 'platform-monthly',
      labels: { team: 'platform' },
      spec: { limitUSD: '300.00', period: 'Monthly' },
      status: { spentUSD: '41.70', remainingUSD: '258.30' },
    },
  ],
};

const FINISHED = new Set(['Succeeded', 'Failed', 'Cancelled', 'Stopped']);

function readyCondition(phase: string, message: string | undefined, at: string): Condition {
  const ready = phase === 'Running' || phase === 'Active' || phase === 'Succeeded';
  const text: Record<string, string> = {
    Running: 'Running.',
    Succeeded: 'Finished successfully.',
    Queued: 'Waiting for capacity.',
    Provisioning: 'Capacity found; pulling the image and starting.',
    Pending: 'Waiting for capacity.',
    Starting: 'Pulling the image and starting.',
    Suspended: 'spec.state is Suspended.',
    Cancelled: 'spec.state is Cancelled.',
    Stopped: 'Stopped.',
  };
  return {
    type: 'Ready',
    status: ready ? 'True' : 'False',
    reason: phase === 'Running' ? 'Running' : phase,
    message: message ?? text[phase] ?? phase,
    lastTransitionTime: at,
  };
}

function addSeed(state: MockState, namespace: string, seed: Seed): void {
  const kind = kindByPlural(seed.plural)!;
  const admitted = admitSpec(kind, seed.spec, 'Strict', specContext(state, namespace));
  if (admitted.causes.length)
    throw new Error(`demo ${kind.kind} ${namespace}/${seed.name}: ${JSON.stringify(admitted.causes)}`);
  const created = state.now() - (seed.ageMinutes ?? 60) * 60_000;
  const at = state.timestamp(created);
  const obj = newObject(state, {
    kind,
    namespace,
    name: seed.name,
    admitted: {
      metadata: { labels: seed.labels ?? {}, ...(seed.annotations ? { annotations: seed.annotations } : {}) },
      spec: admitted.spec,
      warnings: [],
    },
    launchedBy: seed.plural === 'functions' ? 'cli' : 'console',
  });
  obj.metadata.creationTimestamp = at;
  const base = initialStatus(kind, admitted.spec, 1, at);
  const phase = seed.phase ?? String(base.phase);
  const status: ObjectStatus = { ...base, phase, ...(seed.message ? { message: seed.message } : {}), ...seed.status };
  if (kind.lifecycle !== 'none') {
    status.conditions = [readyCondition(phase, seed.message, state.timestamp(created + 60_000))];
    status.costUSD = seed.costUSD ?? '0.00';
    const estimate = estimateFor(kind, admitted.spec, state.priceBook, created);
    if (estimate) status.estimate = estimate;
    if (!['Queued', 'Pending', 'Provisioning', 'Starting'].includes(phase))
      status.startTime = state.timestamp(created + 60_000);
    if (FINISHED.has(phase) && seed.plural !== 'volumes') {
      status.completionTime = state.timestamp(created + Math.min(seed.ageMinutes ?? 60, 30) * 60_000);
    }
  }
  let stored: NodusObject = { ...obj, status };
  if (seed.deletingMinutes !== undefined)
    stored = markDeleting(state, kind, stored, state.now() - seed.deletingMinutes * 60_000);
  state.store.put(kind.plural, stored);
}

/** What every org starts with: the project default and the published Images in the read-only project nodus. */
export function loadBaseline(state: MockState): void {
  state.store.put('namespaces', newProject(state, PUBLIC_PROJECT));
  state.store.put('namespaces', newProject(state, 'default'));
  const imageKind = kindByPlural('images')!;
  for (const image of IMAGES) {
    const name = `${image.repository}-${image.tag.replace(/\./g, '-')}`.toLowerCase();
    const obj = newObject(state, {
      kind: imageKind,
      namespace: PUBLIC_PROJECT,
      name,
      admitted: { metadata: {}, spec: { ...image, architectures: ['amd64'] }, warnings: [] },
      launchedBy: 'api',
    });
    obj.metadata.labels = { ...obj.metadata.labels, [LABEL_CREATED_BY]: 'nodus' };
    state.store.put('images', obj);
  }
}

/**
 * The demo org on top of the baseline. One deleting object (vision/old-baseline) stays stuck on its billing
 * finalizer, to show what deletionTimestamp and finalizers mean.
 */
export function loadDemoData(state: MockState): void {
  loadBaseline(state);
  for (const [project, seeds] of Object.entries(PROJECTS)) {
    if (!state.store.get('namespaces', '', project)) state.store.put('namespaces', newProject(state, project));
    for (const seed of seeds) addSeed(state, project, seed);
  }
}
