/** A narrow list read out of a wide one's events, as the API narrows a watch by its selectors. */
import { describe, expect, it } from 'vitest';
import { NODUS_GROUP_VERSION } from '../../client/index.ts';
import type { Held } from '../object-index.ts';
import { watchKey } from '../target.ts';
import { narrowOf, Narrowing } from './narrowing.ts';

const budget = (name: string, rv: string, phase?: string, labels: Record<string, string> = {}) =>
  ({ metadata: { uid: `u-${name}`, name, namespace: 'p', resourceVersion: rv, labels }, status: { phase } }) as Held;
const target = { ...NODUS_GROUP_VERSION, plural: 'jobs', namespace: 'p' };

describe('narrowOf', () => {
  it('reads selectors of whole objects out of the list of the kind in the project, and nothing else', () => {
    const narrow = narrowOf({ ...target, labelSelector: 'team=nlp', fieldSelector: 'status.phase=Running' })!;
    expect(narrow.wideKey).toBe(watchKey(target));
    expect(narrow.matches(budget('a', '1', 'Running', { team: 'nlp' }))).toBe(true);
    expect(narrow.matches(budget('a', '1', 'Queued', { team: 'nlp' }))).toBe(false);
    expect(narrow.matches(budget('a', '1', 'Running', { team: 'cv' }))).toBe(false);
    expect(narrowOf({ ...target, fieldSelector: 'metadata.name!=a' })!.matches(budget('b', '1'))).toBe(true);
    // The whole list itself, rows (their fields are not there), and selectors that do not read are not narrowed.
    expect(narrowOf(target)).toBeUndefined();
    expect(narrowOf({ ...target, fieldSelector: 'status.phase=Running', as: 'table' })).toBeUndefined();
    expect(narrowOf({ ...target, labelSelector: 'team in (' })).toBeUndefined();
    expect(narrowOf({ ...target, fieldSelector: 'nonsense' })).toBeUndefined();
  });
});

describe('Narrowing', () => {
  const running = new Narrowing((o) => (o as { status?: { phase?: string } }).status?.phase === 'Running');

  it('keeps what matches of a list, and its end', () => {
    const end = {
      type: 'BOOKMARK' as const,
      object: { metadata: { resourceVersion: '9', annotations: { 'k8s.io/initial-events-end': 'true' } } },
    };
    const out = running.list([
      { type: 'ADDED', object: budget('a', '1', 'Running') },
      { type: 'ADDED', object: budget('b', '2', 'Queued') },
      end,
    ]);
    expect(out.map((e) => [e.type, e.object.metadata.name])).toEqual([
      ['ADDED', 'a'],
      ['BOOKMARK', undefined],
    ]);
  });

  it('reads a list that arrives in batches (a streamed list followed while it comes) as it reads a stream', () => {
    const arriving = new Narrowing((o) => (o as { status?: { phase?: string } }).status?.phase === 'Running');
    expect(arriving.batch([{ type: 'ADDED', object: budget('a', '1', 'Running') }]).map((e) => e.type)).toEqual([
      'ADDED',
    ]);
    const end = { metadata: { resourceVersion: '2', annotations: { 'k8s.io/initial-events-end': 'true' } } };
    const rest = arriving.batch([
      { type: 'ADDED', object: budget('b', '2', 'Queued') },
      { type: 'BOOKMARK', object: end },
    ]);
    expect(rest.map((e) => e.type)).toEqual(['BOOKMARK']);
    // What came in the first batch is still held: it leaving the selection is told.
    const after = arriving.batch([{ type: 'DELETED', object: budget('a', '3', 'Running') }]);
    expect(after.map((e) => [e.type, e.object.metadata.name])).toEqual([['DELETED', 'a']]);
  });

  it('turns entering the selection into ADDED and leaving it into DELETED, each batch ending at the wide version', () => {
    const out = running.batch([
      { type: 'MODIFIED', object: budget('b', '3', 'Running') },
      { type: 'MODIFIED', object: budget('a', '4', 'Succeeded') },
      { type: 'MODIFIED', object: budget('c', '5', 'Queued') },
    ]);
    expect(out.map((e) => [e.type, e.object.metadata.name ?? e.object.metadata.resourceVersion])).toEqual([
      ['ADDED', 'b'],
      ['DELETED', 'a'],
      ['BOOKMARK', '5'],
    ]);
    const after = running.batch([
      { type: 'MODIFIED', object: budget('b', '6', 'Running') },
      { type: 'DELETED', object: budget('b', '7', 'Running') },
      { type: 'DELETED', object: budget('c', '8', 'Queued') },
    ]);
    expect(after.map((e) => [e.type, e.object.metadata.resourceVersion])).toEqual([
      ['MODIFIED', '6'],
      ['DELETED', '7'],
      ['BOOKMARK', '8'],
    ]);
  });
});
