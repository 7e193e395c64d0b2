/**
 * The demo Volumes' files: a dataset with its manifest and shards, training checkpoints, a build cache. The bytes
 * are few (the whole demo holds under 1 MiB), so the mock stays light; the Volumes' simulated use comes from their
 * mock.nodus.dev/used-gib annotations.
 */
import type { MockState } from '../state.ts';
import { volumeTree } from '../files/trees.ts';

const encoder = new TextEncoder();

/** Bytes that look like a binary file's, the same on every start. */
function binary(size: number, seed: number): Uint8Array {
  const out = new Uint8Array(size);
  let x = seed || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

function csv(rows: number, seed: number): Uint8Array {
  const lines = ['id,label,width,height,split'];
  for (let i = 0; i < rows; i++) {
    const n = (i * 7919 + seed) % 1000;
    lines.push(`${seed * 10_000 + i},${['cat', 'dog', 'bird', 'car'][n % 4]},${224 + (n % 3) * 32},224,train`);
  }
  return encoder.encode(`${lines.join('\n')}\n`);
}

type DemoFile = [path: string, data: Uint8Array];

const FILES: Record<string, Record<string, () => DemoFile[]>> = {
  default: {
    datasets: () => [
      [
        '/README.md',
        encoder.encode(
          '# datasets\n\nImages and labels for the vision experiments. `imagenet-mini/` is a 1 % sample; `labels/` holds the\nCSV labels by shard. Mounted read-write in the Sandbox dev at /data.\n',
        ),
      ],
      [
        '/imagenet-mini/manifest.json',
        encoder.encode(JSON.stringify({ shards: 4, images: 12_811, format: 'webdataset' }, null, 2)),
      ],
      ...[0, 1, 2, 3].map((i): DemoFile => [
        `/imagenet-mini/shard-${String(i).padStart(5, '0')}.tar`,
        binary(48 * 1024, i + 1),
      ]),
      ...[0, 1, 2, 3].map((i): DemoFile => [`/labels/shard-${String(i).padStart(5, '0')}.csv`, csv(200, i + 1)]),
    ],
  },
  nlp: {
    checkpoints: () => [
      ...[1000, 2000, 3000].flatMap((step): DemoFile[] => [
        [`/llama-ft/step-${step}/model.safetensors`, binary(96 * 1024, step)],
        [`/llama-ft/step-${step}/optimizer.pt`, binary(32 * 1024, step + 1)],
        [
          `/llama-ft/step-${step}/trainer_state.json`,
          encoder.encode(
            JSON.stringify({ global_step: step, loss: Number((2.9 - step / 2000).toFixed(3)), lr: 2e-5 }, null, 2),
          ),
        ],
      ]),
      [
        '/llama-ft/config.json',
        encoder.encode(JSON.stringify({ model: 'llama-3-8b', lora_rank: 16, epochs: 3 }, null, 2)),
      ],
    ],
  },
  platform: {
    'build-cache': () => [
      ['/pip/wheels/numpy-2.1.3-cp312-manylinux_x86_64.whl', binary(64 * 1024, 7)],
      ['/pip/wheels/torch-2.8.0-cp312-manylinux_x86_64.whl', binary(128 * 1024, 8)],
      ['/docker/layers/sha256-4f1c0e9b.tar.gz', binary(40 * 1024, 9)],
    ],
  },
};

export function loadDemoFiles(state: MockState): void {
  for (const [namespace, volumes] of Object.entries(FILES)) {
    for (const [name, files] of Object.entries(volumes)) {
      const tree = volumeTree(state, namespace, name);
      if (!tree) continue;
      for (const [path, data] of files()) {
        tree.mkdir(path.slice(0, path.lastIndexOf('/')) || '/', { parents: true });
        tree.write(path, data);
      }
    }
  }
}
