/** Preferences survive in their storage, versioned; an old record is migrated and a bad one never breaks the store. */
import { describe, expect, it } from 'vitest';
import { PREFERENCES_KEY, PREFERENCES_VERSION, createPreferencesStore, migrate } from './preferences.ts';

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(entries));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

const record = (version: number, values: unknown) => JSON.stringify({ version, values });

describe('migrate', () => {
  it('reads a record of the current version as it is', () => {
    expect(migrate(record(PREFERENCES_VERSION, { timeFormat: 'absolute' }))).toEqual({ timeFormat: 'absolute' });
  });

  it('runs each step from an older version up to the current one, in order', () => {
    const migrations = {
      1: (v: Record<string, unknown>) => ({ ...v, timeFormat: v.absoluteTimes ? 'absolute' : 'relative' }),
      2: (v: Record<string, unknown>) => ({ ...v, steps: [...((v.steps as number[]) ?? []), 2] }),
    };
    expect(migrate(record(1, { absoluteTimes: true }), migrations, 3)).toEqual({
      absoluteTimes: true,
      timeFormat: 'absolute',
      steps: [2],
    });
  });

  it('drops a record no migration leads from, and anything that is not a record', () => {
    expect(migrate(record(0, { timeFormat: 'absolute' }))).toBeUndefined();
    expect(migrate(record(-3, {}))).toBeUndefined();
    for (const raw of [null, '', '{', 'null', '42', '"absolute"', '[]', '{"version":"1","values":{}}'])
      expect(migrate(raw), raw ?? 'null').toBeUndefined();
    expect(migrate('{"version":1,"values":[]}')).toBeUndefined();
    expect(migrate('{"version":1.5,"values":{}}')).toBeUndefined();
  });

  it('reads a record from a newer console, since values are only ever added', () => {
    expect(migrate(record(PREFERENCES_VERSION + 4, { timeFormat: 'absolute', later: 1 }))).toEqual({
      timeFormat: 'absolute',
      later: 1,
    });
  });
});

describe('preferences store', () => {
  it('starts with the defaults and keeps a session preference in sessionStorage only', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const store = createPreferencesStore({ local, session });
    expect(store.getState().values.timeFormat).toBe('relative');
    expect(session.getItem(PREFERENCES_KEY)).toBeNull();

    store.getState().set('timeFormat', 'absolute');
    expect(JSON.parse(session.getItem(PREFERENCES_KEY) ?? '')).toEqual({
      version: PREFERENCES_VERSION,
      values: { timeFormat: 'absolute' },
    });
    expect(local.getItem(PREFERENCES_KEY)).toBeNull();
    expect(createPreferencesStore({ local, session }).getState().values.timeFormat).toBe('absolute');
    // A new tab has a new sessionStorage: it starts from the default.
    expect(createPreferencesStore({ local, session: memoryStorage() }).getState().values.timeFormat).toBe('relative');
  });

  it('falls back to the default for malformed JSON, an unknown version or a value of the wrong shape', () => {
    for (const raw of ['{not json', record(0, { timeFormat: 'absolute' }), record(1, { timeFormat: 'sideways' })]) {
      const session = memoryStorage({ [PREFERENCES_KEY]: raw });
      const store = createPreferencesStore({ local: memoryStorage(), session });
      expect(store.getState().values.timeFormat, raw).toBe('relative');
      // Left as it was until the person changes something, then rewritten in the current shape.
      expect(session.getItem(PREFERENCES_KEY)).toBe(raw);
      store.getState().set('timeFormat', 'absolute');
      expect(JSON.parse(session.getItem(PREFERENCES_KEY) ?? '')).toEqual({
        version: PREFERENCES_VERSION,
        values: { timeFormat: 'absolute' },
      });
    }
  });

  it('works without storage at all, and when storage throws', () => {
    const broken = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as Storage;
    for (const storage of [undefined, broken]) {
      const store = createPreferencesStore({ local: storage, session: storage });
      expect(store.getState().values.timeFormat).toBe('relative');
      store.getState().set('timeFormat', 'absolute');
      expect(store.getState().values.timeFormat).toBe('absolute');
    }
  });

  it('reads again what another tab wrote, so a change here does not write over it', () => {
    const local = memoryStorage();
    const here = createPreferencesStore({ local, session: undefined });
    const there = createPreferencesStore({ local, session: undefined });
    there.getState().set('pins', { c: [{ type: 'project', project: 'nlp', pinnedAt: 1 }] });
    here.getState().reloadLocal();
    expect(here.getState().values.pins).toEqual({ c: [{ type: 'project', project: 'nlp', pinnedAt: 1 }] });
    here.getState().set('lastProject', { c: 'vision' });
    const stored = JSON.parse(local.getItem(PREFERENCES_KEY) ?? '') as { values: Record<string, unknown> };
    expect(stored.values.pins).toEqual({ c: [{ type: 'project', project: 'nlp', pinnedAt: 1 }] });
    expect(stored.values.lastProject).toEqual({ c: 'vision' });
  });

  it('keeps column layouts and density in localStorage, each malformed value dropped to its default', () => {
    const local = memoryStorage({
      [PREFERENCES_KEY]: record(PREFERENCES_VERSION, {
        columnLayouts: { Job: { order: ['cost', 7], widths: { cost: 'wide' } }, Budget: 'nope' },
        tableDensity: 'tiny',
      }),
    });
    const store = createPreferencesStore({ local, session: memoryStorage() });
    expect(store.getState().values.columnLayouts).toEqual({
      Job: { order: ['cost'], hidden: [], widths: {}, labels: [] },
    });
    expect(store.getState().values.tableDensity).toBe('comfortable');
    store.getState().set('tableDensity', 'compact');
    const saved = JSON.parse(local.getItem(PREFERENCES_KEY) ?? '') as { values: Record<string, unknown> };
    expect(saved.values.tableDensity).toBe('compact');
    expect(createPreferencesStore({ local, session: memoryStorage() }).getState().values.tableDensity).toBe('compact');
  });
});
