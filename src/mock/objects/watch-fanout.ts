/**
 * The fan-out of changes to open watches. Watches of the same (resource, namespace, selector) form a group: the
 * group decides once per change what its watches get (an object that stops matching arrives as DELETED, one that
 * starts matching as ADDED), and each event line is serialized once per change and type, however many groups and
 * watches send it. The lines go out as one write per watch, after the task that made the changes (spaced further
 * for a crowd, see GAP_MS_PER_WATCH), as the same bytes for every watch of the group: a crowd of watches shares its
 * queued output instead of holding a copy each.
 * A watch that renders its own events (kubectl's Tables) is a group of its own.
 * The server subscribes to the store once, while any watch is open.
 */
import type { NodusObject } from '@/shared/protocol.ts';
import type { Visibility } from '../http/context.ts';
import type { MockState } from '../state.ts';
import type { Change } from '../store/store.ts';
import type { Selector } from '../store/selectors.ts';
import { WatchBudget, type WatchBudgetStats } from './watch-budget.ts';

export interface WatchStats extends WatchBudgetStats {
  /** Watches that get changes as they happen (past their list or backlog). */
  live: number;
  groups: number;
}

/** One open watch as the fan-out sees it. */
export interface WatchMember {
  /** Writes `events` events' lines (nothing once the watch is closed). */
  send: (bytes: Buffer | string, events: number) => void;
  /** Events must go out one write each (a dropped-watch fault counts them). */
  perEvent: () => boolean;
}

export interface GroupKey {
  resource: string;
  namespace: string | undefined;
  selector: Selector | undefined;
  /** The selector as the client wrote it: watches with equal text share a group. */
  selectorText: string;
  /** What an event carries instead of the object; such a watch has a group of its own. */
  render: ((obj: NodusObject) => unknown) | undefined;
  /** Across projects, for a key that may read only some of them: the objects its watches may see. */
  visible: Visibility | undefined;
}

export function eventLine(type: string, body: string): string {
  return `{"type":"${type}","object":${body}}\n`;
}

export function objectJson(change: Change): string {
  return (change.json ??= JSON.stringify(change.object));
}

/** The object before the change, at the change's version: what a watch it no longer matches gets as DELETED. */
export function previousAtVersion(change: Change): NodusObject {
  const prev = change.previous!;
  return { ...prev, metadata: { ...prev.metadata, resourceVersion: String(change.rv) } };
}

/** The lines of one change, each built on first use; dropped with the change's fan-out. */
class ChangeLines {
  private added?: Buffer;
  private modified?: Buffer;
  private deleted?: Buffer;
  private left?: Buffer;

  constructor(readonly change: Change) {}

  line(type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'LEFT'): Buffer {
    const change = this.change;
    switch (type) {
      case 'ADDED':
        return (this.added ??= Buffer.from(eventLine('ADDED', objectJson(change))));
      case 'MODIFIED':
        return (this.modified ??= Buffer.from(eventLine('MODIFIED', objectJson(change))));
      case 'DELETED':
        return (this.deleted ??= Buffer.from(eventLine('DELETED', objectJson(change))));
      case 'LEFT':
        return (this.left ??= Buffer.from(eventLine('DELETED', JSON.stringify(previousAtVersion(change)))));
    }
  }
}

/**
 * A group's writes are spaced by this much per watch in it, up to MAX_GAP_MS: each write to a watch is a system call
 * on its socket (most of the fan-out's time), so a crowd's events go out in fewer, larger writes, while a few
 * watches get each change at once.
 */
const GAP_MS_PER_WATCH = 0.1;
const MAX_GAP_MS = 100;

/** Watches written to in one task; the rest of a batch waits for the next (see Group.pump). */
const SLICE = 100;

interface Batch {
  lines: Buffer[];
  /** The lines as one Buffer, made once for every watch of the batch. */
  joined?: Buffer;
  members: WatchMember[];
  next: number;
  then?: () => void;
}

class Group {
  readonly members = new Set<WatchMember>();
  private pending: Buffer[] = [];
  private queue: Batch[] = [];
  private pumping = false;
  private lastFlush = -Infinity;
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;

  readonly resource: string;

  constructor(
    readonly id: string,
    private readonly target: GroupKey,
  ) {
    this.resource = target.resource;
  }

  private matches(obj: NodusObject | undefined): boolean {
    const { namespace, selector, visible } = this.target;
    return (
      !!obj &&
      (namespace === undefined || obj.metadata.namespace === namespace) &&
      (!selector || selector(obj)) &&
      (!visible || visible.test(obj))
    );
  }

  /** Queues what this group's watches get of the change; false when they get nothing. */
  take(lines: ChangeLines): boolean {
    const change = lines.change;
    const now = this.matches(change.object);
    const before = change.type !== 'ADDED' && this.matches(change.previous);
    let type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'LEFT';
    if (change.type === 'DELETED') {
      if (!before) return false;
      type = 'DELETED';
    } else if (now && before) type = 'MODIFIED';
    else if (now) type = 'ADDED';
    else if (before) type = 'LEFT';
    else return false;
    const render = this.target.render;
    if (!render) this.pending.push(lines.line(type));
    else {
      const obj = type === 'LEFT' ? previousAtVersion(change) : change.object;
      const eventType = type === 'LEFT' ? 'DELETED' : type;
      this.pending.push(Buffer.from(eventLine(eventType, JSON.stringify(render(obj)))));
    }
    return true;
  }

  /** Sends what is queued now, or as soon as the group's spacing of writes allows. */
  schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const wait = this.lastFlush + Math.min(MAX_GAP_MS, this.members.size * GAP_MS_PER_WATCH) - performance.now();
    // After the task that made the change at the earliest: a churn's tick goes out as one write per watch.
    if (wait <= 0) queueMicrotask(() => this.flush());
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /**
   * Seals what is pending into a batch for the watches there are now, sent after the batches before it. A watch
   * that joins later has these changes from its list or backlog, so it must not get them again.
   */
  flush(): void {
    this.scheduled = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    const lines = this.pending;
    if (lines.length === 0) return;
    this.pending = [];
    this.lastFlush = performance.now();
    this.queue.push({ lines, members: [...this.members], next: 0 });
    if (!this.pumping) this.pump();
  }

  /** Runs `task` once everything sealed so far has been written (a bookmark must not overtake older events). */
  after(task: () => void): void {
    if (this.queue.length === 0) task();
    else this.queue.push({ lines: [], members: [], next: 0, then: task });
  }

  /**
   * Writes the batches, SLICE watches to a task: writing one batch to a thousand sockets takes a good part of a
   * second of system calls on a busy host, which must not hold up every other request.
   */
  private pump(): void {
    this.pumping = true;
    let left = SLICE;
    while (this.queue.length > 0) {
      const batch = this.queue[0]!;
      const { lines, members } = batch;
      for (; batch.next < members.length && left > 0; batch.next++, left--) {
        const member = members[batch.next]!;
        if (member.perEvent()) for (const line of lines) member.send(line, 1);
        else member.send((batch.joined ??= lines.length === 1 ? lines[0]! : Buffer.concat(lines)), lines.length);
      }
      if (batch.next < members.length) {
        setImmediate(() => this.pump());
        return;
      }
      this.queue.shift();
      batch.then?.();
    }
    this.pumping = false;
  }

  discard(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
    this.queue = [];
  }
}

export interface Joined {
  /** Runs `task` (a bookmark's write) once the events recorded so far have been written to the group. */
  after: (task: () => void) => void;
  leave: () => void;
  /** The group, as an opaque key: its watches are written the same bytes. */
  group: object;
}

export class WatchFanOut {
  readonly budget: WatchBudget;
  private readonly groups = new Map<string, Group>();
  private readonly byResource = new Map<string, Set<Group>>();
  private unsubscribe: (() => void) | undefined;
  private solo = 0;

  constructor(private readonly state: MockState) {
    this.budget = new WatchBudget({
      perWatch: state.config.watchBufferBytes,
      total: state.config.watchBufferTotalBytes,
      stallMs: state.config.watchStallSeconds * 1000,
    });
  }

  /**
   * Adds a watch to its group; it gets every change recorded from now on. Changes already recorded but not yet
   * sent go out to the group first: the new watch has them from its list or backlog.
   */
  join(key: GroupKey, member: WatchMember): Joined {
    const id = key.render
      ? `solo ${this.solo++}`
      : `${key.resource}\n${key.namespace ?? ''}\n${key.namespace === undefined}\n${key.selectorText}\n${key.visible?.key ?? ''}`;
    let group = this.groups.get(id);
    if (!group) {
      group = new Group(id, key);
      this.groups.set(id, group);
      let same = this.byResource.get(key.resource);
      if (!same) this.byResource.set(key.resource, (same = new Set()));
      same.add(group);
    } else group.flush();
    group.members.add(member);
    this.unsubscribe ??= this.state.store.subscribe((change) => this.deliver(change));
    const joined = group;
    return {
      after: (task) => {
        joined.flush();
        joined.after(task);
      },
      leave: () => this.leave(joined, member),
      group: joined,
    };
  }

  /** The watches receiving changes, the groups they form (matching runs once per group and change), and the budget. */
  stats(): WatchStats {
    let members = 0;
    for (const group of this.groups.values()) members += group.members.size;
    return { live: members, groups: this.groups.size, ...this.budget.stats() };
  }

  private leave(group: Group, member: WatchMember): void {
    if (!group.members.delete(member) || group.members.size > 0) return;
    group.discard();
    this.groups.delete(group.id);
    const same = this.byResource.get(group.resource);
    same?.delete(group);
    if (same?.size === 0) this.byResource.delete(group.resource);
    if (this.groups.size === 0) {
      this.unsubscribe?.();
      this.unsubscribe = undefined;
    }
  }

  private deliver(change: Change): void {
    const groups = this.byResource.get(change.resource);
    if (!groups) return;
    const lines = new ChangeLines(change);
    for (const group of groups) if (group.take(lines)) group.schedule();
  }
}

const fanOuts = new WeakMap<MockState, WatchFanOut>();

/** The server's fan-out (kept by state, not in a global: tests run many servers in one process). */
export function fanOutOf(state: MockState): WatchFanOut {
  let fanOut = fanOuts.get(state);
  if (!fanOut) fanOuts.set(state, (fanOut = new WatchFanOut(state)));
  return fanOut;
}

export function watchStats(state: MockState): WatchStats {
  return fanOutOf(state).stats();
}
