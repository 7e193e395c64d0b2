/**
 * The mock's folders must import each other in one direction only (see README.md for the layers), so that each
 * layer can be read, tested and changed without the ones above it. A file directly in src/mock is its own node.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The top-level folder a file belongs to, or the file's own name when it sits directly in src/mock. */
function nodeOf(path: string): string {
  return relative(ROOT, path).split(sep)[0]!;
}

/** Folder → folders it imports, each edge with one file that makes it (for the failure message). */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sources(ROOT)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g)) {
      const target = resolve(dirname(file), match[1]!);
      if (relative(ROOT, target).startsWith('..')) continue;
      const from = nodeOf(file);
      const to = nodeOf(target);
      if (from === to) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${relative(ROOT, file)} imports ${match[1]}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** One cycle in the graph, as the edges that make it; empty when there is none. */
function findCycle(graph: Map<string, Map<string, string>>): string[] {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] => {
    const at = path.indexOf(node);
    if (at >= 0) {
      const loop = [...path.slice(at), node];
      return loop.slice(1).map((to, i) => `${loop[i]} → ${to} (${graph.get(loop[i]!)!.get(to)})`);
    }
    if (done.has(node)) return [];
    path.push(node);
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle.length) return cycle;
    }
    path.pop();
    done.add(node);
    return [];
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle.length) return cycle;
  }
  return [];
}

describe('the layers of the mock', () => {
  it('finds imports between folders', () => {
    expect(folderGraph().get('server.ts')?.has('routes')).toBe(true);
  });

  it('has no import cycle between its folders', () => {
    const cycle = findCycle(folderGraph());
    expect(cycle, `import cycle:\n  ${cycle.join('\n  ')}`).toEqual([]);
  });
});
