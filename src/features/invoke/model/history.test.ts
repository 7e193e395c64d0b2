import { describe, expect, it } from 'vitest';
import {
  HISTORY_LIMIT,
  KEPT_BODY_CHARS,
  addToHistory,
  clearHistory,
  historyKey,
  loadDraft,
  loadHistory,
  saveDraft,
  type Invocation,
} from './history.ts';

/** An in-memory Storage, as sessionStorage behaves. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

function entry(id: string, bodyText = '{}'): Invocation {
  return {
    id,
    sentAt: '2026-12-04T12:00:00.000Z',
    latencyMs: 12,
    body: '{}',
    headers: [],
    result: {
      kind: 'answer',
      status: 200,
      statusText: 'OK',
      headers: [['content-type', 'application/json']],
      bodyText,
      invocationId: `inv_${id}`,
    },
  };
}

describe('history', () => {
  it('keeps the newest first, per Function, at most HISTORY_LIMIT', () => {
    const storage = memoryStorage();
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) addToHistory(storage, 'p', 'fn', entry(`e${i}`));
    addToHistory(storage, 'p', 'other', entry('x'));
    const kept = loadHistory(storage, 'p', 'fn');
    expect(kept).toHaveLength(HISTORY_LIMIT);
    expect(kept[0]!.id).toBe(`e${HISTORY_LIMIT + 4}`);
    expect(loadHistory(storage, 'p', 'other').map((e) => e.id)).toEqual(['x']);
  });

  it('cuts a long answer and says so', () => {
    const storage = memoryStorage();
    addToHistory(storage, 'p', 'fn', entry('big', 'x'.repeat(KEPT_BODY_CHARS + 10)));
    const [kept] = loadHistory(storage, 'p', 'fn');
    expect(kept!.result.kind === 'answer' && kept!.result.bodyText.length).toBe(KEPT_BODY_CHARS);
    expect(kept!.result.kind === 'answer' && kept!.result.truncated).toBe(true);
  });

  it('ignores what it cannot read, and clears', () => {
    const storage = memoryStorage();
    storage.setItem(historyKey('p', 'fn'), JSON.stringify([{ id: 1 }, entry('ok'), 'junk']));
    expect(loadHistory(storage, 'p', 'fn').map((e) => e.id)).toEqual(['ok']);
    storage.setItem(historyKey('p', 'fn'), '{not json');
    expect(loadHistory(storage, 'p', 'fn')).toEqual([]);
    addToHistory(storage, 'p', 'fn', entry('a'));
    clearHistory(storage, 'p', 'fn');
    expect(loadHistory(storage, 'p', 'fn')).toEqual([]);
  });

  it('works without storage', () => {
    expect(addToHistory(undefined, 'p', 'fn', entry('a')).map((e) => e.id)).toEqual(['a']);
    expect(loadHistory(undefined, 'p', 'fn')).toEqual([]);
  });
});

describe('draft', () => {
  it('keeps the request being written', () => {
    const storage = memoryStorage();
    expect(loadDraft(storage, 'p', 'fn')).toBeUndefined();
    saveDraft(storage, 'p', 'fn', { body: '{"a":', headers: [{ name: 'X-A', value: '1' }] });
    expect(loadDraft(storage, 'p', 'fn')).toEqual({ body: '{"a":', headers: [{ name: 'X-A', value: '1' }] });
  });
});
