/**
 * The mock reading large bodies: one Job with 170,000 args, about 1 MiB, as JSON, as the same JSON sent as YAML,
 * and as block YAML (which took 2.7 s and 210 MB before YAML was bounded by nodes). The ceiling is the JSON body,
 * timed in the same run: YAML must cost about what JSON costs.
 */
import { HEADERS } from '../env/mock.ts';
import { median } from '../stats.ts';
import type { RunOutcome, Scenario } from '../types.ts';

const MIB = 1024 * 1024;
const REPEATS = 5;

const ITEMS = Math.floor((MIB - 200) / 6);

/** A Job with 170,000 args (the schema allows 256): each reader reads it all, then the schema refuses it. */
function jsonBody(): string {
  return JSON.stringify({
    metadata: { name: 'big' },
    spec: { image: 'nodus/python:3.12', args: Array(ITEMS).fill('a') },
  });
}

/** The same data in block style, just under 1 MiB. */
function blockYaml(): string {
  return `metadata:\n  name: big\nspec:\n  image: nodus/python:3.12\n  args:\n${'  - a\n'.repeat(ITEMS)}`.slice(
    0,
    MIB - 1,
  );
}

async function timed(url: string, body: string, contentType: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { ...HEADERS, 'Content-Type': contentType }, body });
  await res.text();
  return { ms: performance.now() - started, status: res.status };
}

export const mockBodies: Scenario = {
  id: 'mock-bodies',
  title: 'mock API: 1 MiB bodies as JSON and as YAML',
  async run(ctx): Promise<RunOutcome> {
    const url = `${ctx.mock.url}${ctx.mock.api.jobsPath(ctx.project)}?dryRun=All`;
    const json = jsonBody();
    const yaml = blockYaml();
    const times = { json: [] as number[], jsonAsYaml: [] as number[], block: [] as number[] };
    const statuses = new Set<string>();
    for (let i = 0; i < REPEATS; i++) {
      const a = await timed(url, json, 'application/json');
      const b = await timed(url, json, 'application/yaml');
      const c = await timed(url, yaml, 'application/yaml');
      times.json.push(a.ms);
      times.jsonAsYaml.push(b.ms);
      times.block.push(c.ms);
      statuses.add(`${a.status}/${b.status}/${c.status}`);
    }
    const ceiling = median(times.json);
    return {
      figures: [
        { id: 'json', label: '1 MiB of JSON (the ceiling)', unit: 'ms', value: ceiling },
        { id: 'json-as-yaml', label: 'the same JSON sent as YAML', unit: 'ms', value: median(times.jsonAsYaml) },
        {
          id: 'json-as-yaml-ratio',
          label: 'JSON sent as YAML ÷ JSON',
          unit: '×',
          value: median(times.jsonAsYaml) / ceiling,
          target: { op: '<=', value: 1.5 },
        },
        { id: 'block-yaml', label: 'the same data as block YAML', unit: 'ms', value: median(times.block) },
        {
          id: 'block-yaml-ratio',
          label: 'block YAML ÷ JSON',
          unit: '×',
          value: median(times.block) / ceiling,
          target: { op: '<=', value: 3 },
        },
      ],
      notes: [
        `${REPEATS} rounds of each, medians; answers (JSON/JSON as YAML/block YAML): ${[...statuses].join(', ')} ` +
          '(422: read whole, then refused by the schema; 400: refused before parsing, past the YAML node bound)',
      ],
    };
  },
};
