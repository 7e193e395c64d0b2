/**
 * The `files` subresource of kinds whose facts say `files: true`: GET lists a directory or sends a file's bytes
 * (with Range), PUT writes the body as a file (or makes a directory with ?type=directory), DELETE removes. A
 * Sandbox's tree is its disk with its Volumes mounted and is reachable while it runs; a Volume's is reachable as
 * long as the Volume exists.
 */
import { KIND_FACTS, type KindName } from '@/shared/kinds.ts';
import { API_VERSION, type NodusObject } from '@/shared/protocol.ts';
import { baseHeaders, boolQuery, query, sendJson, type Ctx } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import type { KindDef } from '../kinds/index.ts';
import { notFound } from '../objects/writes.ts';
import type { MockState } from '../state.ts';
import { normalisePath, parentOf } from '../files/path.ts';
import { FileError, type FileEntry, type FileTree } from '../files/tree.ts';
import { GiB, baselineGiB, sandboxTree, usedGiB, volumeCapacityBytes } from '../files/trees.ts';
import { methodNotAllowed } from './replies.ts';
import { etagOf, fileFailure, parseRange, rangeFailure, readFileBody } from './files-wire.ts';

const VOLUMES = KIND_FACTS.Volume.plural;

/** What a listing says of a Volume's space: the numbers status.usedGiB and spec.sizeGiB come from, in bytes. */
export interface FileUsage {
  volume: string;
  usedBytes: number;
  capacityBytes: number;
  usedGiB: number;
  sizeGiB: number;
}

interface MountInfo {
  volume: string;
  path: string;
  readOnly: boolean;
}

interface Opened {
  tree: FileTree;
  /** The Volume a path is in (for a Sandbox: the Volume mounted there, if any). */
  mountAt(path: string): MountInfo | undefined;
  /** The mounts directly in a directory, by name (a Sandbox's mount points). */
  mountsIn(dir: string): Map<string, MountInfo>;
}

type Source = (state: MockState, kind: KindDef, obj: NodusObject) => Opened;

function usageOf(state: MockState, volume: NodusObject): FileUsage {
  const fileBytes = state.files.volumeBytes(volume);
  return {
    volume: volume.metadata.name ?? '',
    usedBytes: Math.round(baselineGiB(volume) * GiB) + fileBytes,
    capacityBytes: volumeCapacityBytes(volume),
    usedGiB: usedGiB(volume, fileBytes),
    sizeGiB: volumeCapacityBytes(volume) / GiB,
  };
}

const openVolume: Source = (state, _kind, volume) => ({
  tree: state.files.volume(state, volume),
  mountAt: () => ({ volume: volume.metadata.name ?? '', path: '/', readOnly: false }),
  mountsIn: () => new Map(),
});

const openSandbox: Source = (state, kind, sandbox) => {
  const { namespace = '', name = '' } = sandbox.metadata;
  const running = kind.states?.run;
  const phase = String(sandbox.status?.phase ?? 'Pending');
  if (phase !== running || sandbox.metadata.deletionTimestamp) {
    throw new ApiFailure(
      'Conflict',
      `${kind.kind} "${name}" is ${sandbox.metadata.deletionTimestamp ? 'being deleted' : phase}: its files can be reached only while it is ${running}`,
      {
        details: { kind: kind.kind, name, group: 'nodus.dev' },
        fix: `Set spec.state to ${running} and wait for phase ${running}. The files of its Volumes can be reached at any time at /apis/${API_VERSION}/namespaces/${namespace}/volumes/{volume}/files/.`,
      },
    );
  }
  const mounts: MountInfo[] = [];
  const volumes = (sandbox.spec as { volumes?: { name?: string; mountPath?: string; readOnly?: boolean }[] }).volumes;
  for (const m of volumes ?? []) {
    if (!m.name || !m.mountPath || !state.store.get(VOLUMES, namespace, m.name)) continue;
    try {
      mounts.push({ volume: m.name, path: normalisePath('/', m.mountPath), readOnly: m.readOnly === true });
    } catch {
      // A mountPath no path can be is not mounted (sandboxTree skips it too).
    }
  }
  mounts.sort((a, b) => b.path.length - a.path.length);
  return {
    tree: sandboxTree(state, namespace, name),
    mountAt: (path) => mounts.find((m) => path === m.path || path.startsWith(`${m.path}/`)),
    mountsIn: (dir) =>
      new Map(
        mounts.filter((m) => parentOf(m.path) === dir).map((m) => [m.path.slice(m.path.lastIndexOf('/') + 1), m]),
      ),
  };
};

/** Which kinds have file trees and how each is opened; a kind without an entry has none. */
const SOURCES: Record<KindName, Source | undefined> = {
  Job: undefined,
  Sandbox: openSandbox,
  Function: undefined,
  Volume: openVolume,
  Budget: undefined,
  Pipeline: undefined,
  Image: undefined,
};

export function hasFileSource(kind: KindDef): boolean {
  return SOURCES[kind.kind as KindName] !== undefined;
}

function run<T>(op: () => T): T {
  try {
    return op();
  } catch (error) {
    if (error instanceof FileError) throw fileFailure(error);
    throw error;
  }
}

function entryBody(path: string, entry: FileEntry) {
  return { kind: 'FileInfo', apiVersion: API_VERSION, path, ...entry };
}

function sendListing(state: MockState, ctx: Ctx, namespace: string, opened: Opened, path: string): void {
  const mountsHere = opened.mountsIn(path);
  const items = run(() => opened.tree.list(path)).map((item) => {
    const mount = mountsHere.get(item.name);
    return mount ? { ...item, mount: { volume: mount.volume, readOnly: mount.readOnly } } : item;
  });
  const mount = opened.mountAt(path);
  const volume = mount && state.store.get(VOLUMES, namespace, mount.volume);
  sendJson(ctx, 200, {
    kind: 'FileList',
    apiVersion: API_VERSION,
    path,
    ...(mount && mount.path !== '/' ? { mount } : {}),
    ...(volume ? { usage: usageOf(state, volume) } : {}),
    items,
  });
}

function sendFile(ctx: Ctx, opened: Opened, path: string, entry: FileEntry): void {
  const data = run(() => opened.tree.read(path));
  const range = parseRange(ctx.req.headers.range, data.byteLength);
  const headers = {
    ...baseHeaders(ctx),
    'Content-Type': 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    ETag: etagOf(data),
    'Last-Modified': new Date(entry.modified).toUTCString(),
  };
  if (range === 'unsatisfiable') {
    ctx.res.setHeader('Content-Range', `bytes */${data.byteLength}`);
    throw rangeFailure(path, data.byteLength);
  }
  const ifNoneMatch = ctx.req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === headers.ETag)) {
    ctx.res.writeHead(304, headers);
    ctx.res.end();
    return;
  }
  const body = range ? data.subarray(range.start, range.end) : data;
  ctx.res.writeHead(range ? 206 : 200, {
    ...headers,
    'Content-Length': body.byteLength,
    ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end - 1}/${data.byteLength}` } : {}),
  });
  ctx.res.end(ctx.method === 'HEAD' ? undefined : body);
}

async function write(state: MockState, ctx: Ctx, opened: Opened, path: string): Promise<void> {
  const type = query(ctx, 'type') ?? 'file';
  if (type !== 'file' && type !== 'directory') {
    ctx.req.resume();
    throw new ApiFailure('BadRequest', `type must be "file" or "directory", not "${type.slice(0, 100)}"`, {
      fix: 'Leave type out to write the body as a file, or send ?type=directory (no body) to make a directory.',
    });
  }
  if (path === '/') {
    ctx.req.resume();
    throw fileFailure(new FileError('IsADirectory', '/', '/: is a directory'));
  }
  const existed = opened.tree.stat(path);
  // A PUT that makes a path is a create, as Kubernetes asks `create` of an update that creates the object.
  if (!existed && ctx.access && !ctx.access.may('create')) {
    ctx.req.resume();
    throw ctx.access.forbidden('create');
  }
  if (type === 'directory') {
    ctx.req.resume();
    if (existed?.type === 'file')
      throw fileFailure(new FileError('Exists', path, `${path}: a file already has this path`));
    run(() => opened.tree.mkdir(path, { parents: true }));
  } else {
    const data = await readFileBody(ctx, path, state.files.maxFileBytes);
    run(() => {
      opened.tree.mkdir(parentOf(path), { parents: true });
      opened.tree.write(path, data);
    });
  }
  await state.flushed();
  const entry = opened.tree.stat(path)!;
  const headers: Record<string, string> = entry.type === 'file' ? { ETag: etagOf(opened.tree.read(path)) } : {};
  sendJson(ctx, existed ? 200 : 201, entryBody(path, entry), headers);
}

async function remove(state: MockState, ctx: Ctx, opened: Opened, path: string): Promise<void> {
  const recursive = boolQuery(ctx, 'recursive');
  const entry = run(() => opened.tree.stat(path));
  if (!entry) throw fileFailure(new FileError('NotFound', path, `${path}: no such file or directory`));
  if (path === '/') {
    throw fileFailure(
      new FileError('InvalidPath', '/', '/: the root directory cannot be removed'),
      'Delete what it holds one entry at a time (each with ?recursive=true for a directory), or delete the object itself.',
    );
  }
  run(() => opened.tree.remove(path, { recursive }));
  await state.flushed();
  sendJson(ctx, 200, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    code: 200,
    message: `${path} removed`,
    details: { kind: entry.type === 'directory' ? 'Directory' : 'File', name: path },
  });
}

/** `.../{plural}/{name}/files/{path...}`; `segments` are the decoded path segments after `files`. */
export async function serveFiles(
  state: MockState,
  ctx: Ctx,
  kind: KindDef,
  namespace: string,
  name: string,
  segments: string[],
): Promise<void> {
  const source = SOURCES[kind.kind as KindName];
  if (!kind.files || !source) {
    ctx.req.resume();
    throw new ApiFailure('NotFound', `${kind.kind} objects have no files`, {
      details: { kind: kind.kind, name, group: 'nodus.dev' },
      fix: 'Files are kept in Volumes and Sandboxes: mount a Volume and reach its files at /volumes/{name}/files/.',
    });
  }
  if (!['GET', 'HEAD', 'PUT', 'DELETE'].includes(ctx.method)) {
    ctx.req.resume();
    throw methodNotAllowed(ctx, ['GET', 'HEAD', 'PUT', 'DELETE']);
  }
  const obj = state.store.get(kind.plural, namespace, name);
  if (!obj) {
    ctx.req.resume();
    throw notFound(kind, namespace, name);
  }
  const path = run(() => normalisePath('/', `/${segments.join('/')}`));
  const opened = (() => {
    try {
      return run(() => source(state, kind, obj));
    } catch (error) {
      ctx.req.resume();
      throw error;
    }
  })();
  if (ctx.method === 'PUT') return write(state, ctx, opened, path);
  if (ctx.method === 'DELETE') return remove(state, ctx, opened, path);
  const entry = run(() => opened.tree.stat(path));
  if (!entry) throw fileFailure(new FileError('NotFound', path, `${path}: no such file or directory`));
  if (entry.type === 'directory') return sendListing(state, ctx, namespace, opened, path);
  return sendFile(ctx, opened, path, entry);
}
