/** The messages between the page and the list pages' worker (page-transport.ts, page-fetch.worker.ts). */
import type { ListHead } from '../client/index.ts';
import type { WireHead, WireRequest } from '../worker-fetch.ts';

export type PageRequest =
  /**
   * Make one page's request (the page's URL, absolute, and headers, the key among them) and answer with the whole
   * body. `following`: the limits of the pages that may come after this one, in order; the worker asks for them
   * as soon as each page's head names its continue token (page-fetcher.ts).
   */
  | ({ kind: 'fetch'; id: number; following: number[] } & WireRequest)
  /** The page no longer wants request `id`: it and the pages asked ahead of it are dropped. */
  | { kind: 'abort'; id: number };

export type PageReply =
  /** The answer to request `id`: status, headers, the body decoded, and a list's head when it was found. */
  | ({ kind: 'answer'; id: number; text: string; head?: ListHead } & WireHead)
  /** Request `id` failed before its whole answer arrived (what fetch, or reading its body, rejected with). */
  | { kind: 'unreachable'; id: number; message: string };
