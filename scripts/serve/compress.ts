/**
 * The console's files gzipped for a browser that accepts it, as any web server in front of a site does: the first
 * view's JavaScript is a third of its size that way. Each file is compressed once, when the server starts (or on
 * its first request, if that comes first), and kept while it is unchanged (its size and time): dist/ is a build,
 * read-only while it is served, so what is held is about a third of dist/ (a rebuild in place adds the new
 * build's files to it). May import: Node only.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Text and the like; fonts as woff/woff2, images and archives are compressed already. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.map',
  '.txt',
  '.ttf',
  '.wasm',
  '.ico',
]);
/** Under this, the gzip header and the work outweigh what is saved. */
const SMALLEST = 1024;
/** Over this (no file of a build is near it), a file is streamed as it is rather than read whole into memory. */
const LARGEST = 32 * 1024 * 1024;

export function compressible(extension: string, size: number): boolean {
  return size >= SMALLEST && size <= LARGEST && COMPRESSIBLE.has(extension);
}

/** Whether an Accept-Encoding header takes gzip: named (or `*`) without `q=0`. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star: boolean | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const wanted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return wanted;
    if (name === '*') star = wanted;
  }
  return star ?? false;
}

interface Compressed {
  key: string;
  body: Promise<Buffer>;
}

/** One gzipped copy per file, made once. */
export class GzipCache {
  private readonly files = new Map<string, Compressed>();

  get(file: string, stats: { size: number; mtimeMs: number }): Promise<Buffer> {
    const key = `${stats.size}:${stats.mtimeMs}`;
    const held = this.files.get(file);
    if (held?.key === key) return held.body;
    const body = readFile(file).then((bytes) => gzipAsync(bytes));
    // A failed read is not kept (unless a newer copy replaced it meanwhile): the next request tries again.
    body.catch(() => {
      if (this.files.get(file)?.body === body) this.files.delete(file);
    });
    this.files.set(file, { key, body });
    return body;
  }

  /** How many files are held compressed (or being compressed). */
  get size(): number {
    return this.files.size;
  }

  /** Compresses every file of `root` that would be, one at a time, so that no first visitor waits for it. */
  async warm(root: string): Promise<void> {
    const names = await readdir(root, { recursive: true });
    for (const name of names) {
      const file = join(root, name);
      try {
        const stats = await stat(file);
        if (stats.isFile() && compressible(extname(file).toLowerCase(), stats.size)) await this.get(file, stats);
      } catch {
        // A broken link, a file gone meanwhile: its own request will say so; the others are still compressed.
      }
    }
  }
}
