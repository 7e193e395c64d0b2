/**
 * The browser's connections for long-lived requests (watches, followed logs), counted across all its tabs. Over
 * HTTP/1.1 a browser opens at most six connections to one host, and a stream holds one for as long as it lives:
 * streams beyond four would leave a person's click queued behind them. So a stream is opened only with one of
 * `size` slots, each a Web Lock every tab of the origin sees, and released when it ends (or when its tab closes).
 *
 * Who holds which slot, for what and whether anyone looks at it, is announced on a BroadcastChannel, so that a
 * claim from a tab being looked at can take the slot of a stream nobody sees (a Web Lock `steal`); its holder
 * learns it from the lock and reads its list another way (key-link.ts). A watch can be listed every few seconds
 * instead (`degradable`); a followed log cannot, and may also take a visible watch's slot.
 */
import { holdLock, type Channel, type HeldLock, type Locks, type SlotMessage } from './wire.ts';

export interface Claim {
  /** What the stream is for, in words ("Jobs in nlp"), for whoever has to wait. */
  readonly label: string;
  /** Whether no one looks at what the stream feeds (every tab that shows it is hidden). */
  hidden(): boolean;
  /** Whether it can do without a stream (a watch, listed again every few seconds). */
  readonly degradable: boolean;
}

export interface Lease {
  readonly slot: number;
  release(): void;
  /** Settles when the slot is gone: released, or taken by a claim that weighs more (`stolen`). */
  readonly lost: Promise<void>;
  readonly stolen: boolean;
  /** Says again whether anyone looks at it (after a tab was shown or hidden). */
  update(): void;
}

interface Holder {
  tab: string;
  label: string;
  hidden: boolean;
  degradable: boolean;
}

export interface BudgetEnvironment {
  locks: Locks;
  channel: (name: string) => Channel;
  tab: string;
}

export class StreamBudget {
  private readonly holders = new Map<number, Holder>();
  private readonly mine = new Map<number, { claim: Claim; lease: Lease }>();
  /** Claims waiting for a slot: told when one is held by a stream nobody sees, which a claim someone sees may take. */
  private readonly waiting = new Set<() => void>();
  private readonly channel: Channel;
  private closed = false;

  constructor(
    private readonly env: BudgetEnvironment,
    /** The host the streams go to: each has six connections of its own. */
    private readonly scope: string,
    readonly size: number,
  ) {
    this.channel = env.channel(`nodus-slots:${scope}`);
    this.channel.onmessage = (event) => this.heard(event.data as SlotMessage);
    this.post({ t: 'who' });
  }

  /** How many slots are held, as far as their holders said. */
  get inUse(): number {
    return Math.max(this.holders.size, this.mine.size);
  }

  /**
   * A slot now: a free one, else (for a claim someone looks at) one whose stream nobody sees, else, for a claim
   * that cannot do without, one a watch holds. Undefined when none may be had: a watch is then polled and waits
   * (`wait`), a log waits.
   */
  async claim(claim: Claim): Promise<Lease | undefined> {
    for (let slot = 0; slot < this.size; slot++) {
      const held = await holdLock(this.env.locks, this.lockName(slot), { ifAvailable: true });
      if (held) return this.lease(slot, held, claim);
    }
    if (claim.hidden()) return undefined;
    const victim = this.victim(claim);
    if (victim === undefined) return undefined;
    const held = await holdLock(this.env.locks, this.lockName(victim), { steal: true });
    return held && this.lease(victim, held, claim);
  }

  /**
   * The first slot that frees, in the order claims began waiting (the Web Locks queue); or, for a claim someone
   * sees, the slot of a stream nobody sees as soon as its holder says so.
   */
  wait(claim: Claim, signal: AbortSignal): Promise<Lease> {
    const gaveUp = new AbortController();
    return new Promise((resolve, reject) => {
      let won = false;
      const win = (slot: number, held: HeldLock) => {
        // Two slots freed at once: keep the first.
        if (won || signal.aborted) return held.release();
        won = true;
        done();
        resolve(this.lease(slot, held, claim));
      };
      const steal = () => {
        const victim = claim.hidden() ? undefined : this.victim(claim);
        if (victim !== undefined && !won)
          void holdLock(this.env.locks, this.lockName(victim), { steal: true }).then(
            (held) => held && win(victim, held),
          );
      };
      const done = () => {
        this.waiting.delete(steal);
        gaveUp.abort();
      };
      signal.addEventListener(
        'abort',
        () => {
          done();
          if (!won) reject(signal.reason);
        },
        { once: true },
      );
      this.waiting.add(steal);
      for (let slot = 0; slot < this.size; slot++) {
        void holdLock(this.env.locks, this.lockName(slot), { signal: gaveUp.signal }).then((held) => {
          if (held) win(slot, held);
        });
      }
    });
  }

  close(): void {
    for (const { lease } of [...this.mine.values()]) lease.release();
    this.closed = true;
    this.channel.close();
  }

  private post(message: SlotMessage): void {
    if (!this.closed) this.channel.postMessage(message);
  }

  private lockName(slot: number): string {
    return `nodus-slot:${this.scope}:${slot}`;
  }

  /** Nobody looks at it first; a claim that cannot do without a stream may also take a watch someone sees. */
  private victim(claim: Claim): number | undefined {
    let pick: number | undefined;
    for (const [slot, holder] of this.holders) {
      if (!holder.degradable || this.mine.has(slot)) continue;
      if (holder.hidden) return slot;
      if (!claim.degradable) pick ??= slot;
    }
    return pick;
  }

  private lease(slot: number, held: HeldLock, claim: Claim): Lease {
    const announce = () => {
      const holder = { tab: this.env.tab, label: claim.label, hidden: claim.hidden(), degradable: claim.degradable };
      this.holders.set(slot, holder);
      this.post({ t: 'held', slot, ...holder });
    };
    const lease: Lease = {
      slot,
      release: () => held.release(),
      lost: held.lost,
      get stolen() {
        return held.stolen;
      },
      update: announce,
    };
    this.mine.set(slot, { claim, lease });
    announce();
    void held.lost.then(() => {
      if (this.mine.get(slot)?.lease !== lease) return;
      this.mine.delete(slot);
      // A stolen slot is the thief's to announce.
      if (held.stolen) return;
      this.holders.delete(slot);
      this.post({ t: 'free', slot, tab: this.env.tab });
    });
    return lease;
  }

  private heard(message: SlotMessage): void {
    if (message.t === 'who') {
      for (const { lease } of this.mine.values()) lease.update();
    } else if (message.t === 'held') {
      const { slot, tab, label, hidden, degradable } = message;
      this.holders.set(slot, { tab, label, hidden, degradable });
      if (hidden && degradable) for (const steal of [...this.waiting]) steal();
    } else if (this.holders.get(message.slot)?.tab === message.tab) {
      this.holders.delete(message.slot);
    }
  }
}
