/**
 * The file trees one mock server holds: each Volume's files and each Sandbox's own disk, keyed by uid so that a
 * Volume deleted and created again under its name starts empty. All of them draw on one pool of bytes, so the
 * mock's memory stays bounded however many objects hold files.
 */
import { KIND_FACTS } from '@/shared/kinds.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import type { Change, Store } from '../store/store.ts';
import { MemoryTree, type BytePool, type TreeOp } from './memory-tree.ts';
import { MountedTree, type Mount } from './mounted-tree.ts';
import { FileError, type FileTree } from './tree.ts';

export const GiB = 2 ** 30;
/** The largest file the mock keeps, unless configured otherwise. */
export const MAX_FILE_BYTES = 64 * 2 ** 20;
/** All files of all trees together, unless configured otherwise. */
export const MAX_TOTAL_BYTES = 512 * 2 ** 20;
/** A Sandbox's own disk (its Volumes bring their own space). */
export const SANDBOX_DISK_BYTES = 1 * GiB;
/** Mock-only: GiB a Volume already holds besides its files, so a test can fill one without writing a GiB. */
export const ANNOTATION_USED_GIB = 'mock.nodus.dev/used-gib';

const VOLUMES = KIND_FACTS.Volume.plural;
const SANDBOXES = KIND_FACTS.Sandbox.plural;

/** What the tree functions need of the mock's state (MockState has it). */
export interface FilesHost {
  store: Store;
  files: FileTrees;
  timestamp(ms?: number): string;
}

/** The simulated GiB a Volume holds besides its files: its `mock.nodus.dev/used-gib` annotation, else none. */
export function baselineGiB(volume: Pick<NodusObject, 'metadata'>): number {
  const pinned = Number(volume.metadata.annotations?.[ANNOTATION_USED_GIB]);
  return Number.isFinite(pinned) && pinned > 0 ? pinned : 0;
}

/** The bytes a Volume may hold: spec.sizeGiB. */
export function volumeCapacityBytes(volume: NodusObject): number {
  return Number((volume.spec as { sizeGiB?: unknown }).sizeGiB ?? 100) * GiB;
}

/** status.usedGiB: the baseline plus the bytes of its files (to a billionth of a GiB: a byte shows). */
export function usedGiB(volume: Pick<NodusObject, 'metadata'>, fileBytes: number): number {
  return Math.round((baselineGiB(volume) + fileBytes / GiB) * 1e9) / 1e9;
}

export interface FileLimits {
  maxFileBytes: number;
  totalBytes: number;
}

/** One change to one object's tree, as the journal keeps it (NODUS_MOCK_DATA); `data` is base64. */
export interface FileRecord {
  t: 'file';
  r: string;
  ns: string;
  n: string;
  uid: string;
  op: TreeOp['op'];
  path: string;
  data?: string;
  m?: number;
}

export class FileTrees {
  readonly pool: BytePool;
  readonly maxFileBytes: number;
  private readonly volumes = new Map<string, MemoryTree>();
  private readonly disks = new Map<string, MemoryTree>();
  /** Set while the mock keeps its state on disk: told of every change to any tree. */
  journal: ((record: FileRecord) => void) | undefined;

  constructor(limits: FileLimits = { maxFileBytes: MAX_FILE_BYTES, totalBytes: MAX_TOTAL_BYTES }) {
    this.pool = { used: 0, limit: limits.totalBytes };
    this.maxFileBytes = limits.maxFileBytes;
  }

  /** A Volume's tree, made empty on first use. */
  volume(host: FilesHost, volume: NodusObject): MemoryTree {
    const uid = volume.metadata.uid ?? '';
    let tree = this.volumes.get(uid);
    if (!tree) {
      const { namespace = '', name = '' } = volume.metadata;
      const current = () => {
        const v = host.store.get(VOLUMES, namespace, name);
        return v?.metadata.uid === uid ? v : undefined;
      };
      tree = new MemoryTree({
        capacity: () => {
          const v = current() ?? volume;
          return Math.max(0, volumeCapacityBytes(v) - baselineGiB(v) * GiB);
        },
        maxFileBytes: this.maxFileBytes,
        pool: this.pool,
        now: () => Date.now(),
        onChange: (used) => {
          const v = current();
          const next = v && usedGiB(v, used);
          if (v && v.status?.usedGiB !== next)
            host.store.put(VOLUMES, { ...v, status: { ...v.status, usedGiB: next } });
        },
        onOp: (op) => this.journal?.(record(VOLUMES, volume, op)),
      });
      this.volumes.set(uid, tree);
    }
    return tree;
  }

  /** Bytes a Volume's files hold (0 before any were written). */
  volumeBytes(volume: NodusObject): number {
    return this.volumes.get(volume.metadata.uid ?? '')?.used ?? 0;
  }

  /** A Sandbox's own disk, made with a home directory, a hostname and /tmp on first use. */
  disk(sandbox: NodusObject): MemoryTree {
    const uid = sandbox.metadata.uid ?? '';
    let tree = this.disks.get(uid);
    if (!tree) {
      tree = new MemoryTree({
        capacity: SANDBOX_DISK_BYTES,
        maxFileBytes: this.maxFileBytes,
        pool: this.pool,
        onOp: (op) => this.journal?.(record(SANDBOXES, sandbox, op)),
      });
      seedDisk(tree, sandbox);
      this.disks.set(uid, tree);
    }
    return tree;
  }

  /** Drops the files of an object that is gone. */
  forget(change: Change): void {
    if (change.type !== 'DELETED') return;
    const table = change.resource === VOLUMES ? this.volumes : change.resource === SANDBOXES ? this.disks : undefined;
    const uid = change.object.metadata.uid ?? '';
    table?.get(uid)?.release();
    table?.delete(uid);
  }

  clear(): void {
    for (const tree of [...this.volumes.values(), ...this.disks.values()]) tree.release();
    this.volumes.clear();
    this.disks.clear();
  }

  /** Every tree's contents as records that make it again (a snapshot of durable state). */
  records(host: FilesHost): FileRecord[] {
    const out: FileRecord[] = [];
    for (const [resource, table] of [
      [VOLUMES, this.volumes],
      [SANDBOXES, this.disks],
    ] as const) {
      for (const [uid, tree] of table) {
        const obj = host.store.values(resource).find((o) => o.metadata.uid === uid);
        if (!obj) continue;
        for (const entry of tree.dump()) {
          const op: TreeOp =
            entry.type === 'directory'
              ? { op: 'mkdir', path: entry.path }
              : { op: 'write', path: entry.path, data: entry.data!, modified: entry.modified };
          out.push(record(resource, obj, op));
        }
      }
    }
    return out;
  }

  /** Applies a recorded change at start; one for an object that is gone is skipped. */
  replay(host: FilesHost, rec: FileRecord): void {
    const obj = host.store.get(rec.r, rec.ns, rec.n);
    if (!obj || obj.metadata.uid !== rec.uid) return;
    const tree = rec.r === VOLUMES ? this.volume(host, obj) : this.disk(obj);
    const op: TreeOp =
      rec.op === 'write'
        ? { op: 'write', path: rec.path, data: Buffer.from(rec.data ?? '', 'base64'), modified: rec.m ?? Date.now() }
        : { op: rec.op, path: rec.path };
    tree.replay(op);
  }
}

function record(resource: string, obj: NodusObject, op: TreeOp): FileRecord {
  const { namespace = '', name = '', uid = '' } = obj.metadata;
  const base = { t: 'file' as const, r: resource, ns: namespace, n: name, uid, op: op.op, path: op.path };
  return op.op === 'write' ? { ...base, data: Buffer.from(op.data).toString('base64'), m: op.modified } : base;
}

function seedDisk(tree: MemoryTree, sandbox: NodusObject): void {
  const text = (s: string) => new TextEncoder().encode(s);
  const name = sandbox.metadata.name ?? 'sandbox';
  tree.mkdir('/home/user', { parents: true });
  tree.mkdir('/etc');
  tree.mkdir('/tmp');
  tree.write('/etc/hostname', text(`${name}\n`));
  tree.write(
    '/home/user/README.md',
    text(
      `# ${name}\n\nThis is your Sandbox's own disk: files here last as long as the Sandbox does.\n` +
        'Volumes listed in its spec.volumes are mounted at their mountPath and keep their files after it is gone.\n',
    ),
  );
}

/** The Volume named `name` in `namespace`'s tree, or undefined when there is no such Volume. */
export function volumeTree(host: FilesHost, namespace: string, name: string): MemoryTree | undefined {
  const volume = host.store.get(VOLUMES, namespace, name);
  return volume && host.files.volume(host, volume);
}

interface VolumeMountSpec {
  name?: string;
  mountPath?: string;
  readOnly?: boolean;
}

/**
 * What a Sandbox sees: its own disk with each Volume of its spec.volumes mounted at its mountPath (read-only
 * where the mount says so). A Volume that does not exist is not mounted. Throws NotFound for no such Sandbox.
 */
export function sandboxTree(host: FilesHost, namespace: string, sandboxName: string): FileTree {
  const sandbox = host.store.get(SANDBOXES, namespace, sandboxName);
  if (!sandbox) throw new FileError('NotFound', '/', `sandboxes "${sandboxName}" not found`);
  const specs = ((sandbox.spec as { volumes?: VolumeMountSpec[] }).volumes ?? []).filter((m) => m.name && m.mountPath);
  const mounts: Mount[] = [];
  for (const m of specs) {
    const tree = volumeTree(host, namespace, m.name!);
    if (tree) mounts.push({ path: m.mountPath!, tree, readOnly: m.readOnly === true, label: `Volume ${m.name}` });
  }
  return new MountedTree(host.files.disk(sandbox), mounts);
}
