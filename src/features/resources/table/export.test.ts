import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { NodusObject } from '@/shared/protocol.ts';
import { exportFileName, toCsv, toJsonList, toYamlList } from './export.ts';

const object = (name: string, labels: Record<string, string> = {}): NodusObject =>
  ({
    apiVersion: 'nodus.dev/v1',
    kind: 'Job',
    metadata: { name, namespace: 'p', labels, managedFields: [{ manager: 'x' }] },
    spec: { note: 'a "quoted", multi\nline value' },
  }) as unknown as NodusObject;

describe('export', () => {
  it('writes the name, then the columns, a line per row, across chunks', async () => {
    const rows = Array.from({ length: 4_500 }, (_, i) => object(`job-${i}`, { team: i % 2 ? 'a,b' : 'c' }));
    const csv = await toCsv(rows, [{ header: 'Team', text: (o) => o.metadata.labels?.team ?? '' }]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Name,Team');
    expect(lines[1]).toBe('job-0,c');
    expect(lines[2]).toBe('job-1,"a,b"');
    expect(lines).toHaveLength(4_502);
    expect(lines.at(-1)).toBe('');
  });

  it('writes the objects as a List, in YAML and in JSON, in order', async () => {
    const rows = Array.from({ length: 2_001 }, (_, i) => object(`job-${i}`));
    const yaml = parse(await toYamlList(rows)) as { kind: string; items: NodusObject[] };
    expect(yaml.kind).toBe('List');
    expect(yaml.items.map((o) => o.metadata.name)).toEqual(rows.map((o) => o.metadata.name));
    // As kubectl prints them: without managedFields.
    const { managedFields: _, ...metadata } = rows[5]!.metadata;
    expect(yaml.items[5]).toEqual({ ...rows[5], metadata });
    const json = JSON.parse(await toJsonList(rows)) as { apiVersion: string; items: NodusObject[] };
    expect(json.apiVersion).toBe('v1');
    expect(json.items[5]).toEqual(yaml.items[5]);
    expect(json.items.map((o) => o.metadata.name)).toEqual(rows.map((o) => o.metadata.name));
    expect(parse(await toYamlList([]))).toEqual({
      apiVersion: 'v1',
      kind: 'List',
      metadata: { resourceVersion: '' },
      items: [],
    });
    expect(JSON.parse(await toJsonList([])).items).toEqual([]);
  });

  it('names files by kind and project, safely', () => {
    expect(exportFileName(['jobs', 'team-a'], 'csv')).toBe('jobs-team-a.csv');
    expect(exportFileName(['jobs', 'a b/../c', ''], 'yaml')).toBe('jobs-a_b_.._c.yaml');
  });
});
