/**
 * What runs in one watched list, kept as a sum: the hourly rates and the costs of the running objects by uid.
 * It follows the watch's snapshots by their `changes` (added, removed, modified since a version), so a start or a
 * stop costs the objects that changed, not a walk over the thousands that run in a large project; a snapshot it
 * cannot follow (a relist, a skipped version) is counted again from its items.
 */
import type { IndexChanges } from '@/data/watch/index.ts';
import { parseUSD } from '@/lib/money.ts';
import type { NodusObject } from '@/shared/protocol.ts';

export interface TallySource {
  version: number;
  changes: IndexChanges<NodusObject> | undefined;
  readonly items: readonly NodusObject[];
}

interface Entry {
  rate: number;
  cost: number;
}

/** The rate of an object that runs now and is not being deleted; 0 for anything else. */
export function runningRate(object: NodusObject): number {
  if (object.status?.phase !== 'Running' || object.metadata.deletionTimestamp) return 0;
  return parseUSD(object.status.rateUSDPerHour) ?? 0;
}

export class RunningTally {
  private version: number | undefined;
  private readonly entries = new Map<string, Entry>();
  /** Ten-thousandths of a dollar per hour. */
  rate = 0;
  /** What the running objects have spent, in ten-thousandths: charges only add, so it moves with each. */
  cost = 0;

  get count(): number {
    return this.entries.size;
  }

  rateOf(uid: string): number | undefined {
    return this.entries.get(uid)?.rate;
  }

  /** Brings the sums to the snapshot; true when they may have changed. */
  follow(source: TallySource): boolean {
    if (source.version === this.version) return false;
    const changes = source.changes;
    if (changes && this.version !== undefined && changes.from === this.version) {
      for (const object of changes.removed) this.remove(object);
      for (const [before, after] of changes.modified) {
        this.remove(before);
        this.add(after);
      }
      for (const object of changes.added) this.add(object);
    } else {
      this.entries.clear();
      this.rate = 0;
      this.cost = 0;
      for (const object of source.items) this.add(object);
    }
    this.version = source.version;
    return true;
  }

  private add(object: NodusObject): void {
    const rate = runningRate(object);
    const uid = object.metadata.uid ?? '';
    if (rate === 0 || this.entries.has(uid)) return;
    const cost = parseUSD(object.status?.costUSD) ?? 0;
    this.entries.set(uid, { rate, cost });
    this.rate += rate;
    this.cost += cost;
  }

  private remove(object: NodusObject): void {
    const uid = object.metadata.uid ?? '';
    const entry = this.entries.get(uid);
    if (!entry) return;
    this.entries.delete(uid);
    this.rate -= entry.rate;
    this.cost -= entry.cost;
  }
}
