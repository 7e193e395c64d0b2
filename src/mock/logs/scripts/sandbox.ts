/**
 * A Sandbox's log: an interactive box. Boot lines, a Jupyter server, then shell sessions (coloured prompts,
 * `ls` with Unicode and HTML-looking file names, pip progress bars, nvidia-smi) mixed with the server's access log.
 */
import { between, hash, unit } from '../random.ts';
import {
  INFO,
  carriageReturnBar,
  dim,
  green,
  hexId,
  htmlSample,
  ip,
  longLine,
  red,
  unicodeSample,
  yellow,
} from '../text.ts';
import { gpuOf, sigterm, str, type Ending, type Script, type Subject } from './script.ts';

type Tape = (j: number) => string;

export function sandboxScript(subject: Subject): Script {
  const { seed, spec } = subject;
  const user = subject.labels.owner ?? 'dev';
  const port = (Array.isArray(spec.ports) ? (spec.ports as { port?: number }[])[0]?.port : undefined) ?? 8888;
  const gpu = gpuOf(spec);
  const token = hexId(seed, 0, 50, 48);
  const prompt = (cmd: string): string =>
    `\u001b[1;32m${user}@${subject.name}\u001b[0m:\u001b[1;34m~/work\u001b[0m$ ${cmd}`;

  const tape: Tape[] = [
    () => prompt('ls -la'),
    () => 'total 48',
    () => `drwxr-xr-x  6 ${user} ${user}  4096 .`,
    () => `-rw-r--r--  1 ${user} ${user} 18231 \u001b[0mnotes-笔记-📝.md`,
    () => `-rw-r--r--  1 ${user} ${user}   312 ${htmlSample(0)}.html`,
    () => `drwxr-xr-x  2 ${user} ${user}  4096 \u001b[1;34mデータセット\u001b[0m`,
    () => `-rwxr-xr-x  1 ${user} ${user}  2210 \u001b[1;32mtrain.sh\u001b[0m`,
    () => prompt('nvidia-smi --query-gpu=name,utilization.gpu,memory.used --format=csv'),
    () => 'name, utilization.gpu [%], memory.used [MiB]',
    (j) =>
      gpu
        ? `NVIDIA ${gpu.type}, ${hash(seed, j, 51) % 100} %, ${4000 + (hash(seed, j, 52) % 18000)} MiB`
        : red("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver (no GPU requested)."),
    () => prompt('pip install -q transformers==4.57.1'),
    (j) => carriageReturnBar('Downloading transformers-4.57.1-py3-none-any.whl', 112, 9.5, seed, j),
    () => green('Successfully installed') + ' tokenizers-0.22.1 transformers-4.57.1',
    () => prompt('python -c "print(\'héllo 👋 世界\')"'),
    () => 'héllo 👋 世界',
    () => prompt('cat notes-笔记-📝.md'),
    (j) => `# Notes — ${unicodeSample(unit(seed, j, 53))}`,
    (j) => `Remember: ${htmlSample(unit(seed, j, 54))}`,
    () => prompt('git pull --rebase'),
    (j) => `Updating ${hexId(seed, j, 55, 7)}..${hexId(seed, j, 56, 7)}`,
    (j) => ` src/model.py | ${between(1, 40, unit(seed, j, 57))} ${green('++++')}${red('--')}`,
    () => prompt('python eval.py --quick'),
    (j) => `${INFO} accuracy on 500 examples: ${(0.7 + unit(seed, j, 58) * 0.2).toFixed(3)}`,
    () => prompt('df -h /workspace'),
    () => 'Filesystem      Size  Used Avail Use% Mounted on',
    (j) => {
      const used = between(20, 180, unit(seed, j, 59));
      return `/dev/nvme1n1    200G  ${used}G  ${200 - used}G  ${Math.round(used / 2)}% /workspace`;
    },
  ];

  const header = [
    dim(
      `[nodus] ${subject.kind} ${subject.namespace}/${subject.name}: ${str(spec.image, 'image')}${gpu ? ` on ${gpu.count}× ${gpu.type}` : ''}, ports ${port}`,
    ),
    'nodus-init: mounting /workspace (ext4, 200 GiB)',
    `nodus-init: environment: ${longLine('PYTHONPATH=/workspace/src:/opt/conda/lib/python3.12/site-packages WANDB_TAGS=', seed, 0, 10_500)}`,
    `[I ServerApp] Jupyter Server 2.14.2 is running at: http://127.0.0.1:${port}/lab?token=${token}`,
    `[I ServerApp] Message of the day: ${unicodeSample(0)} · ${unicodeSample(unit(seed, 0, 60))}`,
    `[W ServerApp] 404 GET /lab/api/${htmlSample(0)} (${ip(seed, 0, 61)}) 0.91ms`,
    `${INFO} sshd: listening on 0.0.0.0 port 22`,
  ];

  const line = (j: number): string => {
    const u = unit(seed, j, 62);
    if (u < 0.0008) return longLine(prompt('echo $HISTORY_IDS'), seed, j);
    if (u < 0.3) {
      const status = u < 0.01 ? yellow('404') : '200';
      const what =
        u < 0.02
          ? `/api/contents/${encodeURI('データ')}/${htmlSample(unit(seed, j, 63))}`
          : `/api/kernels/${hexId(seed, j, 64, 8)}`;
      return `[I ServerApp] ${status} GET ${what} (${user}@${ip(seed, j, 65)}) ${(0.4 + unit(seed, j, 66) * 20).toFixed(2)}ms`;
    }
    return tape[(j + hash(seed, 0, 67)) % tape.length]!(j);
  };

  const farewell = (ending: Ending): string[] => [
    ...sigterm(ending),
    ...(ending.phase === 'Failed'
      ? []
      : ['[I ServerApp] Shutting down 2 kernels', '[I ServerApp] Shutting down 0 terminals']),
  ];

  return { header, rate: 0.5, line, farewell };
}
