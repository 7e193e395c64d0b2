import { describe, expect, it } from 'vitest';
import { paletteActions, type ActionContext } from './actions.ts';

const base: ActionContext = {
  kinds: [
    { kind: 'Job', plural: 'jobs', verbs: ['get', 'list', 'create'] },
    { kind: 'Sandbox', plural: 'sandboxes', verbs: ['get', 'list', 'create'] },
    { kind: 'Image', plural: 'images', verbs: ['get', 'list'] },
  ],
  projects: ['default', 'nlp', 'nodus'],
  project: 'default',
  plural: 'sandboxes',
  object: undefined,
  newObjectHref: (project, plural) => `/projects/${project}/new/${plural}`,
  switchProjectHref: (project) => `/projects/${project}/sandboxes`,
  copyName: () => {},
  showShortcuts: () => {},
  signOut: undefined,
};

const labels = (c: Partial<ActionContext>) => paletteActions({ ...base, ...c }).map((a) => a.label);

describe('palette actions', () => {
  it('opens a terminal in each running object that execs, in the project in view only', () => {
    const opened: string[] = [];
    const objects = [
      { name: 'up', project: 'default', kind: 'Sandbox', plural: 'sandboxes', phase: 'Running' },
      { name: 'off', project: 'default', kind: 'Sandbox', plural: 'sandboxes', phase: 'Stopped' },
      { name: 'elsewhere', project: 'nlp', kind: 'Sandbox', plural: 'sandboxes', phase: 'Running' },
      { name: 'train', project: 'default', kind: 'Job', plural: 'jobs', phase: 'Running' },
    ];
    const actions = paletteActions({ ...base, objects, openTerminal: (o) => opened.push(o.name) });
    const terminals = actions.filter((a) => a.icon === 'terminal');
    expect(terminals.map((a) => a.label)).toEqual(['Open terminal in up']);
    terminals[0]!.run!();
    expect(opened).toEqual(['up']);
    expect(labels({ objects })).not.toContain('Open terminal in up');
    expect(labels({ objects, project: undefined, openTerminal: () => {} })).not.toContain('Open terminal in up');
  });

  it('offers a new object of each kind that allows create, the kind in view first, in the project in view', () => {
    const actions = paletteActions(base);
    expect(actions.filter((a) => a.icon === 'new').map((a) => [a.label, a.href])).toEqual([
      ['New Sandbox', '/projects/default/new/sandboxes'],
      ['New Job', '/projects/default/new/jobs'],
    ]);
  });

  it('makes nothing in all projects, and says why not where the key may not', () => {
    expect(labels({ project: undefined })).not.toContain('New Job');
    const no = "You (kim) can't create jobs in project nodus. Ask an admin of nodus.";
    const denied = (what: 'create' | 'exec', plural: string) =>
      what === 'create' && plural === 'jobs' ? { reason: no, pending: false } : undefined;
    const actions = paletteActions({ ...base, project: 'nodus', denied });
    expect(actions.find((a) => a.label === 'New Job')?.disabled).toBe(no);
    expect(actions.find((a) => a.label === 'New Sandbox')?.disabled).toBeUndefined();
  });

  it('says why a terminal may not be opened, on each of them', () => {
    const objects = [{ name: 'up', project: 'default', kind: 'Sandbox', plural: 'sandboxes', phase: 'Running' }];
    const no = "You (kim) can't open a terminal in sandboxes in project default. Ask an admin of default.";
    const actions = paletteActions({
      ...base,
      objects,
      openTerminal: () => {},
      denied: (what, plural) =>
        what === 'exec' && plural === 'sandboxes' ? { reason: no, pending: false } : undefined,
    });
    expect(actions.find((a) => a.label === 'Open terminal in up')?.disabled).toBe(no);
  });

  it('switches to every other project, keeping the kind in view', () => {
    const switches = paletteActions(base).filter((a) => a.icon === 'switch');
    expect(switches.map((a) => [a.label, a.href, a.detail])).toEqual([
      ['Switch to project nlp', '/projects/nlp/sandboxes', 'keeps Sandboxes in view'],
      ['Switch to project nodus', '/projects/nodus/sandboxes', 'keeps Sandboxes in view'],
    ]);
  });

  it('copies the name of the object in view, first, and only on an object page', () => {
    const copied: string[] = [];
    const actions = paletteActions({
      ...base,
      object: { kind: 'Sandbox', name: 'notebook-1' },
      copyName: (n) => copied.push(n),
    });
    expect(actions[0]?.label).toBe('Copy name');
    actions[0]?.run?.();
    expect(copied).toEqual(['notebook-1']);
    expect(labels({})).not.toContain('Copy name');
  });

  it('signs out only while there is a key to forget, and always shows the keyboard shortcuts', () => {
    let signedOut = false;
    expect(labels({})).not.toContain('Sign out of local-mock');
    const actions = paletteActions({ ...base, signOut: { context: 'local-mock', run: () => (signedOut = true) } });
    actions.find((a) => a.label === 'Sign out of local-mock')?.run?.();
    expect(signedOut).toBe(true);
    expect(labels({})).toContain('Keyboard shortcuts');
  });

  it('switches times to the other format, saying which', () => {
    const set: string[] = [];
    const relative = paletteActions({ ...base, timeFormat: { current: 'relative', set: (f) => set.push(f) } });
    const toAbsolute = relative.find((a) => a.id === 'a:time-format');
    expect(toAbsolute?.label).toBe('Show absolute times');
    toAbsolute?.run?.();
    const absolute = paletteActions({ ...base, timeFormat: { current: 'absolute', set: (f) => set.push(f) } });
    absolute.find((a) => a.id === 'a:time-format')?.run?.();
    expect(absolute.find((a) => a.id === 'a:time-format')?.label).toBe('Show relative times');
    expect(set).toEqual(['absolute', 'relative']);
    expect(labels({})).not.toContain('Show absolute times');
  });

  it('offers the two themes not in use, each setting its own', () => {
    const set: string[] = [];
    const themed = (current: 'system' | 'light' | 'dark') =>
      paletteActions({ ...base, theme: { current, set: (t) => set.push(t) } }).filter((a) => a.icon === 'theme');
    expect(themed('system').map((a) => a.label)).toEqual(['Theme: dark', 'Theme: light']);
    expect(themed('dark').map((a) => a.label)).toEqual(['Theme: light', 'Theme: system']);
    themed('light').forEach((a) => a.run?.());
    expect(set).toEqual(['dark', 'system']);
    expect(labels({}).filter((l) => l.startsWith('Theme:'))).toEqual([]);
  });
});
