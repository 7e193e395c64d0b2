/** The usage report through the real kubectl: listed by `api-resources`, read with `get --raw`. */
import { describe, expect, it } from 'vitest';
import { rows, withKubectl } from './harness.ts';

const k = withKubectl({ controller: false });

describe('kubectl and the usage API', () => {
  it('lists the usage resource in api-resources', async () => {
    const res = await k.run(['api-resources', '--api-group=usage.nodus.dev']);
    expect(res.stderr).toBe('');
    expect(res.stdout).toMatch(/^usage\s+usage\.nodus\.dev\/v1\s+true\s+UsageReport$/m);
  });

  it('reads a report with get --raw', async () => {
    const res = await k.run(['get', '--raw', '/apis/usage.nodus.dev/v1/namespaces/default/usage?window=7d']);
    expect(res.stderr).toBe('');
    const report = JSON.parse(res.stdout) as {
      kind: string;
      spec: { step: string };
      status: { series: { points: unknown[] }[]; totalUSD: string };
    };
    expect(report).toMatchObject({ kind: 'UsageReport', spec: { step: '1d' } });
    expect(report.status.series[0]!.points).toHaveLength(7);
    expect(Number(report.status.totalUSD)).toBeGreaterThan(0);
  });

  it('shows the Status of a bad parameter', async () => {
    const res = await k.run(['get', '--raw', '/apis/usage.nodus.dev/v1/namespaces/default/usage?step=5h']);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('a step must divide a day');
  });
});

describe('kubectl get usage', () => {
  it('prints one row per series of the report', async () => {
    const res = await k.run(['get', 'usage', '-n', 'nlp']);
    expect(res.stderr).toBe('');
    expect(rows(res.stdout)).toEqual([
      {
        NAME: '(all)',
        WINDOW: '30d',
        TOTAL: expect.stringMatching(/^\d+\.\d{2,4}$/),
        RATE: expect.stringMatching(/^\d+\.\d{2,4}$/),
      },
    ]);
    const all = rows((await k.run(['get', 'usage', '-A'])).stdout);
    expect(all).toHaveLength(1);
  });
});

describe('kubectl explain usage', () => {
  it('explains the report from its OpenAPI schema', async () => {
    const res = await k.run(['explain', 'usage.status.top']);
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('The 10 objects that spent most in the window.');
    expect(res.stdout).toContain('createdBy');
  });
});
