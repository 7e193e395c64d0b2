/**
 * What the tabs of one browser tell each other about the watches they share (key-link.ts) and the connections
 * they hold (budget.ts), as plain data that BroadcastChannel can copy. Errors travel as their Status, so a tab
 * shows the API's own reason, fix and requestId for a failure another tab met.
 */
import { ApiError, type WatchObjectEvent } from '../../client/index.ts';
import type { Status } from '@/shared/protocol.ts';
import type { Held } from '../object-index.ts';
import type { Delivery } from '../watch-state.ts';

export interface WireError {
  status: Status;
  requestId: string | undefined;
  fromServer: boolean;
  retryAfterSeconds: number | undefined;
}

export function toWire(error: ApiError): WireError {
  return {
    // `docs` as the error resolved it, so the receiving tab needs no base URL.
    status: { ...error.status, ...(error.docs ? { docs: error.docs } : {}) },
    requestId: error.requestId,
    fromServer: error.fromServer,
    retryAfterSeconds: error.retryAfterSeconds,
  };
}

export function fromWire(wire: WireError): ApiError {
  return new ApiError(wire.status, {
    requestId: wire.requestId ?? null,
    fromServer: wire.fromServer,
    ...(wire.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: wire.retryAfterSeconds }),
  });
}

/** What a follower is told when the owner listed again: as after a server's 410, it lists again (from the owner). */
export function expired(): ApiError {
  return new ApiError(
    {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      code: 410,
      reason: 'Expired',
      message: 'The tab that holds this list’s stream listed it again, so the changes since cannot be sent.',
      fix: 'Nothing to do: this tab takes the new list from that tab.',
    },
    { fromServer: false },
  );
}

export type Events = readonly WatchObjectEvent<Held>[];

/** On a key's channel: every tab that shows that list, the one holding its stream (the owner) among them. */
export type KeyMessage =
  /**
   * A tab asks the owner for the objects (`rv` undefined) or for what came after `rv`, to its inbox, for its list
   * `link` (the same list, or a narrower one read out of it: `narrow`).
   */
  | {
      t: 'join';
      tab: string;
      link: string;
      rv: string | undefined;
      /** The objects only once they are all in, not as a streamed list brings them. */
      whole: boolean;
      visible: boolean;
      narrow: boolean;
    }
  /** A following tab was shown or hidden: the owner's claim on a connection weighs visible tabs first. */
  | { t: 'demand'; tab: string; link: string; visible: boolean }
  | { t: 'bye'; tab: string; link: string }
  /** A following tab's Refresh: the owner lists again from the API. */
  | { t: 'refresh' }
  /** A tab took over the stream: those following another owner join this one. */
  | { t: 'owner'; owner: string }
  /** The owner's stream delivered these events (numbered, so a joining tab knows which its answer holds). */
  | { t: 'batch'; owner: string; seq: number; events: Events }
  /** The owner's stream ended; an error ends the followers' streams the same way. */
  | { t: 'end'; owner: string; error: WireError | undefined }
  /** The owner retries opening its stream: the followers' views say so as their own would. */
  | { t: 'retrying'; owner: string; error: WireError; attempt: number; delayMs: number; startedAt: number }
  | { t: 'delivery'; owner: string; delivery: Delivery | undefined };

/** To one tab's inbox: the owner's answer to its join. */
export type InboxMessage =
  | {
      t: 'joined';
      key: string;
      owner: string;
      seq: number;
      events: Events;
      requestId: string | undefined;
      delivery: Delivery | undefined;
    }
  | { t: 'expired'; key: string; owner: string }
  | { t: 'failed'; key: string; owner: string; error: WireError }
  /** The list is too long to read a narrower one out of it: the narrower list gets a stream of its own. */
  | { t: 'wide'; key: string; owner: string };

/** On the budget's channel: who holds which connection, for what, and whether anyone looks at it. */
export type SlotMessage =
  | { t: 'held'; slot: number; tab: string; label: string; hidden: boolean; degradable: boolean }
  | { t: 'free'; slot: number; tab: string }
  | { t: 'who' };

/** What a tab needs of BroadcastChannel (tests use Node's). */
export interface Channel {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

/** What a tab needs of the Web Locks API (navigator.locks; tests use an in-memory one). */
export interface Locks {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal; mode?: 'exclusive' | 'shared' },
    callback: (lock: unknown) => Promise<T> | T,
  ): Promise<T>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

/**
 * A lock held until `release()`. `lost` settles when it ends by any way: released, or taken by another tab's
 * steal (then `stolen` is true).
 */
export interface HeldLock {
  release(): void;
  readonly lost: Promise<void>;
  readonly stolen: boolean;
}

/**
 * Asks for a lock and keeps it until released. Resolves once it is held, or with undefined when `ifAvailable`
 * found it taken or `signal` gave up the wait.
 */
export function holdLock(
  locks: Locks,
  name: string,
  options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal } = {},
): Promise<HeldLock | undefined> {
  return new Promise((resolve) => {
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    const held = { release, lost: undefined as unknown as Promise<void>, stolen: false };
    let granted = false;
    held.lost = locks
      .request(name, options, (lock) => {
        if (lock === null) return resolve(undefined);
        granted = true;
        resolve(held);
        return released;
      })
      .then(
        () => undefined,
        () => {
          // Rejected after it was held: another tab stole it. Before: the wait was given up.
          if (granted) held.stolen = true;
          else resolve(undefined);
        },
      );
  });
}
