import { describe, expect, it } from 'vitest';
import { DOCK_MIN_HEIGHT, createDockStore, type TerminalTarget } from './dock-store.ts';
import { describeState } from './session-words.ts';

const target = (name: string): TerminalTarget => ({
  group: 'nodus.dev',
  version: 'v1',
  plural: 'sandboxes',
  kind: 'Sandbox',
  project: 'p',
  name,
});

describe('terminal dock', () => {
  it('opens a tab per session, in front and unfolded, several on one Sandbox', () => {
    const dock = createDockStore();
    dock.getState().setCollapsed(true);
    const a = dock.getState().open(target('a'));
    const b = dock.getState().open(target('a'));
    expect(a).not.toBe(b);
    expect(dock.getState().sessions.map((s) => s.id)).toEqual([a, b]);
    expect(dock.getState().active).toBe(b);
    expect(dock.getState().collapsed).toBe(false);
    expect(dock.getState().sessions[0]!.state).toBe('connecting');
  });

  it('closing the tab in front brings its right neighbour, else its left one', () => {
    const dock = createDockStore();
    const [a, b, c] = ['a', 'b', 'c'].map((n) => dock.getState().open(target(n)));
    dock.getState().activate(b!);
    dock.getState().close(b!);
    expect(dock.getState().active).toBe(c);
    dock.getState().close(c!);
    expect(dock.getState().active).toBe(a);
    dock.getState().close(a!);
    expect(dock.getState().active).toBeUndefined();
    expect(dock.getState().sessions).toEqual([]);
  });

  it('closing a tab behind keeps the one in front', () => {
    const dock = createDockStore();
    const a = dock.getState().open(target('a'));
    const b = dock.getState().open(target('b'));
    dock.getState().close(a);
    expect(dock.getState().active).toBe(b);
  });

  it('reconnect starts a new attempt in the same tab and forgets how the last one ended', () => {
    const dock = createDockStore();
    const a = dock.getState().open(target('a'));
    dock.getState().update(a, { state: 'exited', exitCode: 3 });
    expect(describeState(dock.getState().sessions[0]!)).toBe('Exited with code 3');
    dock.getState().reconnect(a);
    const s = dock.getState().sessions[0]!;
    expect(s).toMatchObject({ id: a, state: 'connecting', attempt: 1 });
    expect(s.exitCode).toBeUndefined();
  });

  it('keeps its height between the minimum and what the window allows', () => {
    const dock = createDockStore();
    dock.getState().setHeight(20, 600);
    expect(dock.getState().height).toBe(DOCK_MIN_HEIGHT);
    dock.getState().setHeight(900, 600);
    expect(dock.getState().height).toBe(600);
    dock.getState().setHeight(400.4, 600);
    expect(dock.getState().height).toBe(400);
  });
});
