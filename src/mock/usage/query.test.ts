import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../http/errors.ts';
import { readUsageQuery, stepFloor } from './query.ts';

const NOW = Date.parse('2026-12-03T15:20:00Z');
/** null reads the query across all projects. */
const read = (query: string, project: string | null = 'default') =>
  readUsageQuery(new URLSearchParams(query), project ?? undefined, NOW);

function refusal(query: string, project: string | null = 'default'): { param: string; fix: string } {
  try {
    read(query, project);
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    expect(error.reason).toBe('BadRequest');
    return { param: error.details?.causes?.[0]?.field ?? '', fix: error.fix };
  }
  throw new Error(`${query} was accepted`);
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('the usage query', () => {
  it('defaults to 30 days in daily steps, ending with the day that holds now', () => {
    const q = read('');
    expect([q.window, q.step, iso(q.start), iso(q.end), q.groupBy.text, q.maxSeries]).toEqual([
      '30d',
      '1d',
      '2026-11-04T00:00:00.000Z',
      '2026-12-04T00:00:00.000Z',
      'none',
      20,
    ]);
  });

  it('steps short windows by the hour', () => {
    const q = read('window=24h');
    expect([q.step, iso(q.start), iso(q.end)]).toEqual(['1h', '2026-12-02T16:00:00.000Z', '2026-12-03T16:00:00.000Z']);
    expect(read('window=7d&step=6h').end - read('window=7d&step=6h').start).toBe(7 * 24 * 3_600_000);
  });

  it('widens an absolute window to whole steps', () => {
    const q = read('window=2026-11-01T10:30:00Z/2026-11-03T00:00:00Z&step=1d');
    expect([iso(q.start), iso(q.end)]).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-03T00:00:00.000Z']);
    const offset = read('window=2026-11-01T10:30:00%2B02:00/2026-11-01T12:00:00Z&step=1h');
    expect(iso(offset.start)).toBe('2026-11-01T08:00:00.000Z');
  });

  it('starts weekly steps on Mondays', () => {
    expect(new Date(stepFloor(NOW, 7 * 24 * 3_600_000)).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(new Date(read('window=28d&step=7d').start).getUTCDay()).toBe(1);
  });

  it('reads the groupings and filters', () => {
    expect(read('groupBy=label:nodus.dev/created-by').groupBy).toEqual({
      by: 'label',
      key: 'nodus.dev/created-by',
      text: 'label:nodus.dev/created-by',
    });
    expect(read('groupBy=project', null).groupBy.by).toBe('project');
    expect(read('object=jobs/train-a').object).toMatchObject({ kind: { kind: 'Job' }, name: 'train-a' });
    expect(read('object=Pipeline/nightly').object?.kind.kind).toBe('Pipeline');
    expect(read('budget=monthly&maxSeries=100')).toMatchObject({ budget: 'monthly', maxSeries: 100 });
  });

  it.each([
    ['window=5x', 'window'],
    ['window=91d', 'window'],
    ['window=36h&step=1d', 'window'],
    ['window=2026-11-02T00:00:00Z/2026-11-01T00:00:00Z', 'window'],
    ['window=2026-11-01/2026-11-02', 'window'],
    ['window=2026-08-01T00:00:00Z/2026-12-01T00:00:00Z', 'window'],
    ['step=5h', 'step'],
    ['step=1m', 'step'],
    ['window=90d&step=1h', 'step'],
    ['groupBy=team', 'groupBy'],
    ['groupBy=label:', 'groupBy'],
    ['groupBy=label:bad key', 'groupBy'],
    ['groupBy=project', 'groupBy'],
    ['object=train-a', 'object'],
    ['object=Gadget/x', 'object'],
    ['budget=', 'budget'],
    ['maxSeries=0', 'maxSeries'],
    ['maxSeries=101', 'maxSeries'],
    ['maxSeries=2.5', 'maxSeries'],
  ])('refuses %s with 400 naming %s, and a fix', (query, param) => {
    const { param: named, fix } = refusal(query);
    expect(named).toBe(param);
    expect(fix.length).toBeGreaterThan(10);
  });

  it('needs a project for a Budget or an object', () => {
    expect(refusal('budget=monthly', null).param).toBe('budget');
    expect(refusal('object=Job/a', null).param).toBe('object');
  });

  it('says which step fits when there would be too many points', () => {
    expect(refusal('window=90d&step=1h').fix).toContain('step=3h');
  });
});
