/**
 * A Job's log: a training loop. Epochs with a banner, step lines whose loss goes down, tqdm bars redrawn with
 * carriage returns, evaluation metrics in green, checkpoints, the odd warning in yellow, model samples that hold
 * Unicode or HTML, and now and then a token dump of 12 kB.
 */
import { between, hash, unit } from '../random.ts';
import {
  INFO,
  WARN,
  bold,
  carriageReturnBar,
  dim,
  green,
  htmlSample,
  longLine,
  thousands,
  tqdm,
  unicodeSample,
  yellow,
} from '../text.ts';
import { gpuOf, sigterm, str, type Ending, type Script, type Subject } from './script.ts';

const WARNINGS = [
  'Gradient overflow. Skipping step, loss scaler 0 reducing loss scale to 32768.0',
  'torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly',
  'NCCL watchdog: collective operation took 41.2 s on rank 3 (threshold 30 s)',
  'DataLoader worker 5 is slow: 2.8 s to produce a batch; consider num_workers=12',
  'Token indices sequence length is longer than the specified maximum (4127 > 4096)',
];

function config(subject: Subject): string {
  const cfg = {
    run: subject.name,
    model: { name: 'llama-3.1-8b', dtype: 'bfloat16', gradient_checkpointing: true },
    data: {
      train: 'data/train.jsonl',
      eval: 'data/eval.jsonl',
      max_length: 4096,
      languages: ['en', 'ja', 'zh', 'he', 'ar'],
    },
    optim: { lr: 3e-4, warmup_steps: 500, weight_decay: 0.1, betas: [0.9, 0.95] },
    eval_prompts: ['Translate: 你好，世界 🌍', 'Summarise: שלום עולם', '<script>alert(1)</script>'],
  };
  return `${INFO} Config: ${JSON.stringify(cfg)}`;
}

export function jobScript(subject: Subject): Script {
  const { seed, spec } = subject;
  const gpu = gpuOf(spec);
  const device = gpu ? `cuda (${gpu.count}× NVIDIA ${gpu.type === 'H100' ? 'H100 80GB HBM3' : gpu.type})` : 'cpu';
  const command = Array.isArray(spec.command) ? (spec.command as string[]).join(' ') : 'python main.py';
  const block = between(40, 72, unit(seed, 0, 1)); // lines per epoch
  const stepsPerLine = between(5, 20, unit(seed, 0, 2));
  const stepsPerEpoch = (block - 4) * stepsPerLine;
  const itPerSecond = 2 + unit(seed, 0, 3) * 10;
  const loss = (step: number, j: number): number =>
    0.35 + 2.4 * Math.exp(-step / (stepsPerEpoch * 6)) + 0.08 * (unit(seed, j, 4) - 0.5);

  const header = [
    dim(
      `[nodus] ${subject.kind} ${subject.namespace}/${subject.name}: ${str(spec.image, 'image')} on ${gpu ? `${gpu.count}× ${gpu.type}` : `${String((spec.resources as { cpu?: number } | undefined)?.cpu ?? 4)} CPU`}`,
    ),
    dim(`[nodus] $ ${command}`),
    'Python 3.12.7 | torch 2.8.0+cu128 | CUDA 12.8 | cuDNN 9.5.1',
    `${INFO} Using device: ${device}`,
    config(subject),
    `${INFO} Tokenizer: ${longLine('vocab 128256, merges loaded; reserved token ids', seed, 0, 10_500)}`,
    carriageReturnBar('Downloading shards', 4, 0.33, seed, 0),
    `${INFO} Dataset: 1,284,112 examples in ${unicodeSample(unit(seed, 0, 5))}; ${unicodeSample(unit(seed, 0, 6))}`,
    `${INFO} Eval prompt 3 (shown as text, never rendered): ${htmlSample(0)}`,
    `${WARN} TF32 is disabled; set torch.backends.cuda.matmul.allow_tf32 = True for speed`,
    `${INFO} Starting training: ${stepsPerEpoch} steps per epoch, batch size 32, ${between(1, 8, unit(seed, 0, 7))} gradient accumulation steps`,
  ];

  const line = (j: number): string => {
    const epoch = Math.floor(j / block) + 1;
    const k = j % block;
    const step = (epoch - 1) * stepsPerEpoch + k * stepsPerLine;
    if (k === 0) return bold(`Epoch ${epoch}`) + dim(` · lr ${(3e-4 * Math.pow(0.92, epoch - 1)).toExponential(2)}`);
    if (k === block - 3) return carriageReturnBar(`Evaluating epoch ${epoch}`, 250, 8 + unit(seed, j, 8) * 4, seed, j);
    if (k === block - 2) {
      const val = loss(step, j) + 0.05;
      return `${green('✓ eval')} epoch=${epoch} val_loss=${val.toFixed(4)} val_acc=${(0.92 - val / 4).toFixed(4)} ppl=${Math.exp(val).toFixed(2)}`;
    }
    if (k === block - 1)
      return `${INFO} Saved checkpoint /outputs/ckpt/epoch-${String(epoch).padStart(4, '0')}.pt (${(1.2 + unit(seed, j, 9)).toFixed(1)} GB) in ${(2 + unit(seed, j, 10) * 5).toFixed(1)}s`;
    const u = unit(seed, j, 11);
    if (u < 0.0008) return longLine(`DEBUG step ${step} input_ids`, seed, j);
    if (u < 0.004) return `${INFO} sample[${k}]: ${unicodeSample(unit(seed, j, 12))}`;
    if (u < 0.006) return `${INFO} sample[${k}]: ${htmlSample(unit(seed, j, 13))}`;
    if (u < 0.016) return `${WARN} ${WARNINGS[hash(seed, j, 14) % WARNINGS.length]}`;
    if (k % 12 === 6)
      return tqdm(
        `Epoch ${epoch}`,
        k * stepsPerLine,
        stepsPerEpoch,
        itPerSecond * (0.9 + 0.2 * unit(seed, j, 15)),
        `, loss=${loss(step, j).toFixed(3)}`,
      );
    const norm = (0.4 + unit(seed, j, 16) * 1.2).toFixed(2);
    const tokens = Math.round(itPerSecond * 32 * 4096 * (0.95 + 0.1 * unit(seed, j, 17)));
    return `step ${String(step).padStart(7)} | loss ${loss(step, j).toFixed(4)} | grad_norm ${norm} | ${thousands(tokens)} tok/s | mem ${(60 + unit(seed, j, 18) * 12).toFixed(1)} GiB`;
  };

  const farewell = (ending: Ending): string[] => {
    if (ending.phase === 'Succeeded')
      return [green('✔ Training complete.') + ' Saved the final model to /outputs/model.safetensors.'];
    if (ending.phase === 'Failed')
      return [
        yellow('Traceback (most recent call last):'),
        '  File "/workspace/train.py", line 212, in <module>',
        '    trainer.fit()',
      ];
    if (ending.phase === 'Suspended')
      return [...sigterm(ending), `${INFO} Checkpointing before suspend: /outputs/ckpt/suspended.pt`];
    return sigterm(ending);
  };

  return { header, rate: 2, line, farewell };
}
