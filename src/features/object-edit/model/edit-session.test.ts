/** The edit machine alone: no React, a fake API and an in-memory store. */
import { describe, expect, it } from 'vitest';
import { errorFromStatus } from '@/data/client/index.ts';
import { draftKey, legacyDraftKey, type DraftStorage } from '@/lib/draft-store.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { EditSessionFlow, deriveEdit, type EditApi } from './edit-session.ts';
import { toEditYaml } from './edit-yaml.ts';

const place = { project: 'nlp', plural: 'budgets', name: 'b' };

function budget(rv: string, spec: Record<string, unknown>): NodusObject {
  return {
    apiVersion: 'nodus.dev/v1',
    kind: 'Budget',
    metadata: { name: 'b', namespace: 'nlp', uid: 'u1', resourceVersion: rv },
    spec,
  };
}

function memoryStorage(): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

const conflict = () =>
  errorFromStatus({
    kind: 'Status',
    apiVersion: 'v1',
    status: 'Failure',
    code: 409,
    reason: 'Conflict',
    message: 'moved on',
    metadata: {},
  });

function setUp(live: NodusObject, api: Partial<EditApi> = {}) {
  const store = memoryStorage();
  const sent: NodusObject[] = [];
  let current = live;
  const fake: EditApi = {
    update: async (body) => {
      sent.push(body);
      return {
        ...body,
        metadata: { ...body.metadata, resourceVersion: String(Number(body.metadata.resourceVersion) + 1) },
      };
    },
    read: async () => current,
    ...api,
  };
  const flow = new EditSessionFlow(fake, place, () => current, store);
  const view = () => deriveEdit(flow.getState(), current);
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 50 && !done(); i++) await new Promise((r) => setTimeout(r, 0));
  };
  return { flow, store, sent, view, until, setLive: (next: NodusObject) => void (current = next) };
}

describe('EditSessionFlow', () => {
  it('follows the live object until edited; an edit is kept in storage until discarded', () => {
    const t = setUp(budget('7', { limitUSD: '1.00' }));
    expect(t.view().text).toBe(toEditYaml(budget('7', { limitUSD: '1.00' })));
    t.setLive(budget('8', { limitUSD: '2.00' }));
    expect(t.view().text).toContain('2.00');
    t.flow.setText(t.view().text.replace('2.00', '3.00'));
    expect(t.view().dirty).toBe(true);
    expect(t.store.items.has(draftKey(place))).toBe(true);
    t.flow.discard();
    expect(t.view().dirty).toBe(false);
    expect(t.store.items.size).toBe(0);
  });

  it('saves against the resourceVersion it read, and says so', async () => {
    const t = setUp(budget('7', { limitUSD: '1.00' }));
    t.flow.setText(t.view().text.replace('1.00', '5.00'));
    t.flow.save();
    expect(t.flow.getState().saving).toBe(true);
    await t.until(() => !t.flow.getState().saving);
    expect(t.sent[0]?.metadata.resourceVersion).toBe('7');
    expect(t.flow.getState().outcome).toMatchObject({ type: 'saved', fromRv: '7' });
    expect(t.view().dirty).toBe(false);
    expect(t.store.items.size).toBe(0);
  });

  it('a conflict on other fields merges and is sent again by itself; on the same field it opens the three-way view', async () => {
    let refuse = 1;
    const t = setUp(budget('7', { limitUSD: '1.00', note: 'a' }));
    const api =
      (flowSent: NodusObject[]): EditApi['update'] =>
      async (body) => {
        flowSent.push(body);
        if (refuse-- > 0) throw conflict();
        return body;
      };
    const sent: NodusObject[] = [];
    const flow = new EditSessionFlow(
      { update: api(sent), read: async () => budget('9', { limitUSD: '1.00', note: 'theirs' }) },
      place,
      () => budget('7', { limitUSD: '1.00', note: 'a' }),
      t.store,
    );
    flow.setText(
      deriveEdit(flow.getState(), budget('7', { limitUSD: '1.00', note: 'a' })).text.replace('1.00', '5.00'),
    );
    flow.save();
    await t.until(() => !flow.getState().saving);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.metadata.resourceVersion).toBe('9');
    expect(sent[1]?.spec).toEqual({ limitUSD: '5.00', note: 'theirs' });
    expect(flow.getState().outcome).toMatchObject({ type: 'saved', fromRv: '7' });

    refuse = 1;
    const both = new EditSessionFlow(
      { update: api(sent), read: async () => budget('9', { limitUSD: '2.00', note: 'a' }) },
      place,
      () => budget('7', { limitUSD: '1.00', note: 'a' }),
      memoryStorage(),
    );
    both.setText(
      deriveEdit(both.getState(), budget('7', { limitUSD: '1.00', note: 'a' })).text.replace('1.00', '5.00'),
    );
    both.save();
    await t.until(() => !both.getState().saving);
    expect(both.getState().merge).toMatchObject({ origin: 'save-conflict' });
    const merged = deriveEdit(both.getState(), undefined).mergeResult;
    expect(merged?.unresolved).toBe(1);
  });

  it('opens with a draft kept under the old key, and moves it', () => {
    const store = memoryStorage();
    const base = budget('7', { limitUSD: '1.00' });
    store.items.set(legacyDraftKey(place), JSON.stringify({ text: 'spec: {limitUSD: "9.00"}', base, savedAt: 't' }));
    const flow = new EditSessionFlow({ update: async (b) => b, read: async () => base }, place, () => base, store);
    expect(deriveEdit(flow.getState(), base)).toMatchObject({ text: 'spec: {limitUSD: "9.00"}', dirty: true });
    expect(flow.getState().restored?.savedAt).toBe('t');
    expect([...store.items.keys()]).toEqual([draftKey(place)]);
  });
});
