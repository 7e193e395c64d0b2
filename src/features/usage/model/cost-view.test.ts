import { describe, expect, it } from 'vitest';
import {
  groupLabel,
  isLabelKey,
  parseGroupBy,
  parseWindow,
  periodStep,
  projectRate,
  windowLabel,
  windowParam,
  windowQuery,
} from './cost-view.ts';

describe('the window in the URL', () => {
  it('reads each length and a Budget period, and round-trips them', () => {
    for (const text of ['24h', '7d', '30d', 'budget:gpu-cap']) expect(windowParam(parseWindow(text))).toBe(text);
    expect(parseWindow('budget:gpu-cap')).toEqual({ budget: 'gpu-cap' });
  });

  it('falls back to the last 30 days for anything else', () => {
    for (const text of [null, '', '90d', 'budget:', 'budget:Not_A_Name', 'budget:a/b'])
      expect(parseWindow(text)).toEqual({ length: '30d' });
  });

  it('names each window', () => {
    expect(windowLabel({ length: '7d' })).toBe('Last 7 days');
    expect(windowLabel({ budget: 'gpu-cap' })).toBe('This period of Budget gpu-cap');
  });
});

describe('the grouping in the URL', () => {
  it('keeps the presets, project only across projects', () => {
    expect(parseGroupBy('label:team', false)).toBe('label:team');
    expect(parseGroupBy('project', true)).toBe('project');
    expect(parseGroupBy('project', false)).toBe('kind');
    expect(parseGroupBy(null, true)).toBe('project');
    expect(parseGroupBy(null, false)).toBe('kind');
  });

  it('takes any valid label key and refuses malformed ones', () => {
    expect(parseGroupBy('label:example.com/cost-center', false)).toBe('label:example.com/cost-center');
    expect(parseGroupBy('label:bad key', false)).toBe('kind');
    expect(parseGroupBy('label:', false)).toBe('kind');
    expect(parseGroupBy('object;drop', false)).toBe('kind');
  });

  it('checks label keys as Kubernetes does', () => {
    expect(isLabelKey('team')).toBe(true);
    expect(isLabelKey('nodus.dev/created-by')).toBe(true);
    expect(isLabelKey('-team')).toBe(false);
    expect(isLabelKey('Upper.Case/name')).toBe(false);
    expect(isLabelKey(`${'a'.repeat(64)}`)).toBe(false);
    expect(isLabelKey('/team')).toBe(false);
  });

  it('says how the chart is stacked', () => {
    expect(groupLabel('none', false)).toBe('in total');
    expect(groupLabel('label:nodus.dev/created-by', false)).toBe('by created by');
    expect(groupLabel('label:cost-center', false)).toBe('by label cost-center');
    expect(groupLabel('project', true)).toBe('by project');
  });
});

describe('the report a window asks for', () => {
  it('gives each length its step', () => {
    expect(windowQuery({ length: '24h' }, undefined)).toEqual({ window: '24h', step: '1h' });
    expect(windowQuery({ length: '7d' }, undefined)).toEqual({ window: '7d', step: '6h' });
    expect(windowQuery({ length: '30d' }, undefined)).toEqual({ window: '30d', step: '1d' });
  });

  it("waits for a Budget's period, then asks for it with the Budget's charges", () => {
    expect(windowQuery({ budget: 'b' }, undefined)).toBeUndefined();
    const period = { periodStart: '2026-12-01T00:00:00Z', periodEnd: '2026-12-31T00:00:00Z' };
    expect(windowQuery({ budget: 'b' }, period)).toEqual({
      window: '2026-12-01T00:00:00Z/2026-12-31T00:00:00Z',
      step: '1d',
      budget: 'b',
    });
  });

  it("steps a Budget's period by its length", () => {
    expect(periodStep('2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z')).toBe('1h');
    expect(periodStep('2026-12-01T00:00:00Z', '2026-12-08T00:00:00Z')).toBe('6h');
    expect(periodStep('2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z')).toBe('1d');
    expect(periodStep('nonsense', '2027-01-01T00:00:00Z')).toBe('1h');
  });
});

describe('what a rate comes to', () => {
  it('multiplies in whole units and rounds to the cent', () => {
    // $45.3361/h: $1,088.07 a day, $32,641.99 in 30 days.
    expect(projectRate(453_361)).toEqual({ perDay: 10_880_700, per30Days: 326_419_900 });
    expect(projectRate(0)).toEqual({ perDay: 0, per30Days: 0 });
  });
});
