/**
 * Hostile input: a seeded corpus of malformed and oversized requests against the real mock, in this process so
 * that its state can be checked too. Every answer must be a success or a Status with a documented reason (never
 * InternalError), within a deadline; a refused request must write nothing; the server must still answer /healthz;
 * and nothing may land on Object.prototype. NODUS_FUZZ_SEED=<n> replays another corpus.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { withMockApi } from './harness.ts';
import { API, deleteTargetName, object, PLURALS, PROJECT, targetName } from './fuzz/bodies.ts';
import { bodyCorpus } from './fuzz/corpus-bodies.ts';
import { protocolCorpus } from './fuzz/corpus-protocol.ts';
import { queryCorpus } from './fuzz/corpus-queries.ts';
import { Rng, seedFromEnv } from './fuzz/prng.ts';
import { newReport, runReads, runSequential, summary, type RunReport } from './fuzz/run.ts';
import { agent, type FuzzCase } from './fuzz/send.ts';

// No controller: then only requests write, and "a refused request wrote nothing" can be checked exactly.
const api = withMockApi({ controller: false, priceDrift: false }, { fresh: false });
const seed = seedFromEnv();
const rng = new Rng(seed);
const reports: RunReport[] = [];
let consoleError: MockInstance<typeof console.error>;

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype];
function prototypeShape(): string {
  return PROTOTYPES.map((p) => Object.getOwnPropertyNames(p).sort().join(',')).join('|');
}
const shapeBefore = prototypeShape();

async function createTargets(): Promise<void> {
  for (const plural of PLURALS) {
    for (const name of [targetName(plural), deleteTargetName(plural)]) {
      const res = await api.post(`${API}/${plural}`, object(plural, name));
      if (![200, 201, 409].includes(res.status)) throw new Error(`could not create ${plural}/${name}: ${res.text}`);
    }
  }
  await api.post('/api/v1/namespaces', { metadata: { name: 'fz-doomed' } });
}

/** Undo what a case that succeeded changed, so that the next cases meet the same server. */
async function afterSuccess(c: FuzzCase): Promise<void> {
  if (c.path.startsWith('/_mock/faults')) await api.del('/_mock/faults');
  if (c.path.startsWith('/_mock/reset')) await createTargets();
}

function rvOf(plural: string, name: string): string {
  return api.server().state.store.get(plural, PROJECT, name)?.metadata.resourceVersion ?? '1';
}

function expectNoProblems(report: RunReport): void {
  reports.push(report);
  expect(report.problems.slice(0, 40), `${report.problems.length} problems; seed ${seed}`).toEqual([]);
}

beforeAll(async () => {
  consoleError = vi.spyOn(console, 'error');
  await createTargets();
});

afterEach(async () => {
  expect((await api.get('/healthz')).status).toBe(200);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(prototypeShape()).toBe(shapeBefore);
  // The server logs only what it answered with InternalError.
  expect(consoleError.mock.calls.map((call) => String(call[0]).slice(0, 200))).toEqual([]);
});

afterAll(() => {
  consoleError.mockRestore();
  agent.destroy();
  const all = newReport();
  for (const r of reports) for (const [k, t] of r.tallies) all.tallies.set(k, t);
  console.info(`fuzz corpus (seed ${seed}):\n${summary(all)}`);
});

describe('hostile input', () => {
  it('answers path traversal, overlong paths, every method, hostile headers and barely-HTTP bytes with a Status', async () => {
    const report = newReport();
    await runSequential(api.server(), protocolCorpus(rng), report, { afterSuccess });
    expectNoProblems(report);
  });

  it('answers absurd query strings, bad selectors, forged continue tokens and resourceVersion garbage with a Status', async () => {
    const list = await api.get<{ metadata: { continue?: string } }>(`${API}/jobs?limit=1`);
    const token = list.body.metadata.continue;
    if (!token) throw new Error('the project needs two jobs for a continue token');
    const report = newReport();
    await runReads(api.server(), queryCorpus(rng, token), report);
    expectNoProblems(report);
  });

  it('answers malformed, oversized and mistyped bodies on every endpoint with a Status, writing nothing it refuses', async () => {
    const report = newReport();
    await runSequential(api.server(), bodyCorpus(rng, { rvOf, mutantsPerEndpoint: 40 }), report, { afterSuccess });
    expectNoProblems(report);
    // Hundreds of bodies, some of them megabytes: a shared host's load decides how long, not the server.
  }, 60_000);

  it('lets go of every watch the corpus opened', async () => {
    await expect.poll(() => api.server().state.watchers.size, { timeout: 5000 }).toBe(0);
  });
});
