/** Stored views, pins and last projects are read entry by entry: a malformed one is dropped, the rest kept. */
import { describe, expect, it } from 'vitest';
import { createPreferencesStore, PREFERENCES_KEY, PREFERENCES_VERSION } from '../preferences.ts';
import {
  connectionId,
  describeViewPath,
  MAX_PINS,
  MAX_VIEWS,
  parseLastProject,
  parsePins,
  parseSavedViews,
  viewAt,
  type SavedView,
} from './places.ts';
import { viewNameProblem } from './edit-places.ts';

const view = (over: Partial<SavedView> = {}): SavedView => ({
  id: 'v1',
  name: 'Running nlp',
  path: '/projects/nlp/jobs',
  search: '?phase=Running&sort=-cost',
  createdAt: 1,
  ...over,
});

describe('parseSavedViews', () => {
  it('keeps the views that read, per connection, and drops the rest one by one', () => {
    const good = view();
    const parsed = parseSavedViews({
      'http://a#demo': [
        good,
        null,
        'view',
        { ...good, id: 'v2', name: '' },
        { ...good, id: 'v3', name: 'Off site', path: '//evil.example/x' },
        { ...good, id: 'v4', name: 'No table', path: '/projects/nlp' },
        { ...good, id: 'v5', name: 'Not a query', search: 'phase=Running' },
        { ...good, id: 'v6', name: 'Fragment', search: '?q=a#b' },
        { ...good, id: 'v7', name: 'x'.repeat(81) },
        { ...good, id: 'v1', name: 'Same id' },
        { ...good, id: 'v8', name: 'running NLP ' },
        { ...good, id: 'v9', name: ' All budgets ', path: '/all/budgets', search: '', createdAt: 'yesterday' },
      ],
      'http://b#demo': 'not a list',
    });
    expect(parsed).toEqual({
      'http://a#demo': [good, { id: 'v9', name: 'All budgets', path: '/all/budgets', search: '', createdAt: 0 }],
    });
  });

  it('is undefined for what is not a map, and caps a huge list', () => {
    for (const bad of [null, 42, 'x', [view()]]) expect(parseSavedViews(bad)).toBeUndefined();
    const many = Array.from({ length: MAX_VIEWS + 50 }, (_, i) => view({ id: `v${i}`, name: `v${i}` }));
    expect(parseSavedViews({ c: many })?.c).toHaveLength(MAX_VIEWS);
  });
});

describe('parsePins', () => {
  it('keeps projects and objects with what names them, once each', () => {
    const project = { type: 'project', project: 'nlp', pinnedAt: 5 };
    const object = { type: 'object', project: 'nlp', plural: 'jobs', kind: 'Job', name: 'train', pinnedAt: 6 };
    expect(
      parsePins({
        c: [
          project,
          object,
          { ...object, pinnedAt: 7 },
          { type: 'object', project: 'nlp', plural: 'jobs', name: 'no-kind' },
          { type: 'folder', project: 'nlp' },
          { type: 'project', project: '' },
          { type: 'project', project: 'vision', pinnedAt: -1 },
        ],
      }),
    ).toEqual({ c: [project, object, { type: 'project', project: 'vision', pinnedAt: 0 }] });
    const many = Array.from({ length: MAX_PINS + 1 }, (_, i) => ({ type: 'project', project: `p${i}` }));
    expect(parsePins({ c: many })?.c).toHaveLength(MAX_PINS);
    expect(parsePins([])).toBeUndefined();
  });
});

describe('parseLastProject', () => {
  it('keeps a project name per connection', () => {
    expect(parseLastProject({ a: 'nlp', b: '', c: 3, d: null })).toEqual({ a: 'nlp' });
    expect(parseLastProject('nlp')).toBeUndefined();
  });
});

describe('views', () => {
  it('refuses an empty, too long or taken name (whatever its case), but not the view’s own', () => {
    const views = [view()];
    expect(viewNameProblem(views, '  ')).toMatch(/name/);
    expect(viewNameProblem(views, 'x'.repeat(81))).toMatch(/at most 80/);
    expect(viewNameProblem(views, 'RUNNING nlp')).toMatch(/exists already/);
    expect(viewNameProblem(views, 'Running NLP', 'v1')).toBeUndefined();
    expect(viewNameProblem(views, 'Other')).toBeUndefined();
  });

  it('finds the view a location shows whatever the order of its parameters', () => {
    const views = [view()];
    expect(viewAt(views, '/projects/nlp/jobs', '?sort=-cost&phase=Running')).toBe(views[0]);
    expect(viewAt(views, '/projects/nlp/jobs', '?sort=-cost')).toBeUndefined();
    expect(viewAt(views, '/projects/vision/jobs', '?phase=Running&sort=-cost')).toBeUndefined();
  });

  it('says what a path shows', () => {
    expect(describeViewPath('/projects/nlp/jobs')).toEqual({ plural: 'jobs', project: 'nlp' });
    expect(describeViewPath('/all/budgets')).toEqual({ plural: 'budgets', project: undefined });
  });

  it('tells API servers apart by URL and org, not by the context’s name', () => {
    expect(connectionId({ apiUrl: 'https://api.example/', org: 'acme' })).toBe(
      connectionId({ apiUrl: 'https://api.example', org: 'acme' }),
    );
    expect(connectionId({ apiUrl: 'https://api.example', org: 'acme' })).not.toBe(
      connectionId({ apiUrl: 'https://api.example', org: 'other' }),
    );
  });
});

describe('in the preferences store', () => {
  it('a bad entry falls away while the good ones load, and they last across visits', () => {
    const data = new Map<string, string>();
    const local = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    } as Storage;
    data.set(
      PREFERENCES_KEY,
      JSON.stringify({
        version: PREFERENCES_VERSION,
        values: { savedViews: { c: [view(), { id: 'x' }] }, pins: 'broken', lastProject: { c: 'nlp' } },
      }),
    );
    const store = createPreferencesStore({ local, session: undefined });
    expect(store.getState().values.savedViews).toEqual({ c: [view()] });
    expect(store.getState().values.pins).toEqual({});
    expect(store.getState().values.lastProject).toEqual({ c: 'nlp' });
    store.getState().set('pins', { c: [{ type: 'project', project: 'nlp', pinnedAt: 1 }] });
    const again = createPreferencesStore({ local, session: undefined });
    expect(again.getState().values.pins).toEqual({ c: [{ type: 'project', project: 'nlp', pinnedAt: 1 }] });
    expect(again.getState().values.savedViews).toEqual({ c: [view()] });
  });
});
