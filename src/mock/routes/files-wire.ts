/**
 * The files subresource's wire details: FileError codes as Statuses, the Range header, ETags of file bytes, and
 * reading a request body as a file's bytes within a bound, without buffering past it.
 */
import { createHash } from 'node:crypto';
import type { Ctx } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import { describeBytes } from '../files/memory-tree.ts';
import type { FileError, FileErrorCode } from '../files/tree.ts';
import type { Reason } from '@/shared/protocol.ts';

const ANSWERS: Record<FileErrorCode, { reason: Reason; fix: string }> = {
  NotFound: { reason: 'NotFound', fix: 'List the directory above it to see what is there.' },
  NotADirectory: {
    reason: 'Conflict',
    fix: 'A file is where the path needs a directory: delete or rename that file, or use another path.',
  },
  IsADirectory: {
    reason: 'Conflict',
    fix: 'The path is a directory: GET it for its listing, or DELETE it with ?recursive=true to replace it by a file.',
  },
  Exists: { reason: 'Conflict', fix: 'Something already has this path: pick another name, or delete it first.' },
  NotEmpty: {
    reason: 'Conflict',
    fix: 'Delete what the directory holds first, or send DELETE with ?recursive=true to remove it all.',
  },
  ReadOnly: {
    reason: 'Forbidden',
    fix: 'Write through the Volume itself (/volumes/{name}/files/...), or mount it without readOnly in spec.volumes.',
  },
  NoSpace: {
    reason: 'InsufficientStorage',
    fix: "Delete files you no longer need, or raise the Volume's spec.sizeGiB.",
  },
  TooLarge: { reason: 'RequestEntityTooLarge', fix: 'Split the file into parts, or compress it.' },
  InvalidPath: {
    reason: 'BadRequest',
    fix: 'Use a path of at most 4096 characters, names of at most 255, with no NUL byte.',
  },
};

/** A FileError as the Status the API answers with; details.causes[0].reason keeps the precise code. */
export function fileFailure(error: FileError, fix?: string): ApiFailure {
  const answer = ANSWERS[error.code];
  return new ApiFailure(answer.reason, error.message, {
    details: { kind: 'File', name: error.path, causes: [{ reason: error.code, message: error.message }] },
    fix: fix ?? answer.fix,
  });
}

export function tooLargeFailure(path: string, size: number | string, limit: number): ApiFailure {
  const message = `${path}: the file is ${typeof size === 'number' ? `${size} bytes` : size}; a file may hold at most ${describeBytes(limit)} (${limit} bytes)`;
  return new ApiFailure('RequestEntityTooLarge', message, {
    details: { kind: 'File', name: path, causes: [{ reason: 'TooLarge', message }] },
    fix: ANSWERS.TooLarge.fix,
  });
}

export type RangeAnswer = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * One range of `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` over a file of `size` bytes (`end` exclusive).
 * Anything else (several ranges, another unit, a malformed header) is ignored and the whole file is sent, as
 * RFC 9110 allows.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size };
  }
  const start = Number(match[1]);
  const last = match[2] === '' ? Number.POSITIVE_INFINITY : Number(match[2]);
  if (last < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last + 1, size) };
}

export function rangeFailure(path: string, size: number): ApiFailure {
  return new ApiFailure(
    'RangeNotSatisfiable',
    `${path}: the range asked for is past the end of the file (${size} bytes)`,
    {
      details: { kind: 'File', name: path },
    },
  );
}

const etags = new WeakMap<Uint8Array, string>();

/** A strong ETag of the bytes; a write stores a new array, so the hash is computed once per version. */
export function etagOf(data: Uint8Array): string {
  let tag = etags.get(data);
  if (!tag) {
    tag = `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;
    etags.set(data, tag);
  }
  return tag;
}

/**
 * The request body, refused with 413 when it is (or is declared) over `limit` bytes: it is read as it arrives
 * and stops being kept past the limit. The rest is drained so the answer reaches the client.
 */
export function readFileBody(ctx: Ctx, path: string, limit: number): Promise<Uint8Array> {
  const req = ctx.req;
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) {
    req.resume();
    return Promise.reject(tooLargeFailure(path, declared, limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        chunks.length = 0;
        reject(tooLargeFailure(path, `over ${limit} bytes`, limit));
        return;
      }
      chunks.push(chunk);
    });
    let ended = false;
    req.on('end', () => {
      ended = true;
      if (!refused) resolve(Buffer.concat(chunks, size));
    });
    req.on('error', (error) => {
      if (!refused) reject(error);
    });
    // A client that goes mid-upload leaves nothing behind.
    req.on('close', () => {
      if (!ended && !refused) reject(new Error('the client closed the connection mid-upload'));
    });
  });
}
