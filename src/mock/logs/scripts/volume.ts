/**
 * A Volume's log: the disk's events. Provisioning, attach and mount at start; then usage, I/O, snapshots, mounts by
 * the objects that use it and file syncs (with Unicode and HTML-looking file names), slowly.
 */
import { between, hash, unit } from '../random.ts';
import { INFO, WARN, bar, dim, hexId, htmlSample, longLine, unicodeSample } from '../text.ts';
import { sigterm, str, type Ending, type Script, type Subject } from './script.ts';

const FILES = ['データセット/画像_0042.png', '数据/训练集-01.jsonl', 'תמונות/חתול.jpg', 'صور/قطة.png', 'emoji/🐱‍👤.gif', 'café/naïve.txt'];

export function volumeScript(subject: Subject): Script {
  const { seed, spec } = subject;
  const size = Number(spec.sizeGiB ?? 100);
  const device = `/dev/nvme${1 + (hash(seed, 0, 100) % 6)}n1`;
  const mount = `/mnt/${subject.name}`;
  const volumeId = `vol-${hexId(seed, 0, 101, 17)}`;

  const header = [
    dim(`[nodus] ${subject.kind} ${subject.namespace}/${subject.name}: ${size} GiB (${str(spec.storageClass, 'standard')})`),
    `${INFO} provision: created ${volumeId} (${size} GiB)`,
    `${INFO} attach: ${volumeId} attached to node storage-node-${hash(seed, 0, 102) % 40} as ${device}`,
    `${INFO} mkfs.ext4 ${device}: 4k blocks, ${Math.round(size * 262_144)} blocks, label ${JSON.stringify(unicodeSample(0))}`,
    `${INFO} mount: ${device} on ${mount} type ext4 (rw,relatime)`,
    `${INFO} index: ${longLine(`restored file index of ${mount}, inode ids`, seed, 0, 10_500)}`,
    `${WARN} skipped a file whose name is not a valid path: ${JSON.stringify(`${htmlSample(0)}.html`)}`,
  ];

  const line = (j: number): string => {
    const u = unit(seed, j, 103);
    // Usage creeps up, and now and then drops (a cleanup).
    const used = size * (0.2 + 0.5 * unit(seed, Math.floor(j / 500), 104) + 0.1 * ((j % 500) / 500));
    if (u < 0.003) return `${INFO} fsck: ${longLine(`${device} clean; checked inodes`, seed, j)}`;
    if (u < 0.05) return `${INFO} sync: uploaded '${FILES[hash(seed, j, 105) % FILES.length]}' (${(unit(seed, j, 106) * 20).toFixed(1)} MiB)`;
    if (u < 0.06) return `${INFO} sync: uploaded '${htmlSample(unit(seed, j, 107))}.html' (1 KiB)`;
    if (u < 0.1) return `${INFO} snapshot snap-${hexId(seed, j, 108, 10)} created (incremental, ${(unit(seed, j, 109) * 4).toFixed(2)} GiB)`;
    if (u < 0.2) {
      const user = pickUser(seed, j);
      return `${INFO} ${unit(seed, j, 110) < 0.5 ? 'mounted' : 'unmounted'} at /data by ${user} (${unit(seed, j, 111) < 0.8 ? 'rw' : 'ro'})`;
    }
    if (u < 0.55) return `${INFO} io: read ${between(10, 900, unit(seed, j, 112))} MiB/s, write ${between(1, 300, unit(seed, j, 113))} MiB/s, ${between(100, 20000, unit(seed, j, 114))} IOPS`;
    return `${INFO} usage: ${used.toFixed(1)} GiB of ${size} GiB (${((used / size) * 100).toFixed(1)} %) ▕${bar(used / size, 20)}▏`;
  };

  const farewell = (ending: Ending): string[] => [
    ...sigterm(ending),
    ...(ending.phase === 'Failed' ? [] : [`${INFO} unmount: ${mount}`, `${INFO} detach: ${volumeId} detached from ${device}`]),
  ];

  return { header, rate: 0.1, line, farewell };
}

function pickUser(seed: number, j: number): string {
  const users = ['Job train-a', 'Sandbox dev', 'Job tokenize-corpus', 'Sandbox notebook-李 (笔记本)'];
  return users[hash(seed, j, 115) % users.length]!;
}
