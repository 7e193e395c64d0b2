/**
 * Answers whose body a transport has already read and decoded (ApiClientConfig.pageTransport: a worker's). The
 * transport hands the client a Response with no body of its own and the text beside it; the client, and whatever
 * else looks at the answer (the call log reads a failure's Status), take the text from here instead of the
 * Response. A list page's head comes with it, as the transport found it.
 * May import: src/shared only.
 */
import type { ListHead } from './list-head.ts';

export interface ReadBody {
  text: string;
  /** A list's metadata, from the bytes before its items, when the transport found them. */
  head?: ListHead;
}

const bodies = new WeakMap<Response, ReadBody>();

/** A Response for an answer whose body was read elsewhere: status and headers as sent, the text beside it. */
export function answerWithBody(init: ResponseInit, body: ReadBody): Response {
  const response = new Response(null, init);
  bodies.set(response, body);
  return response;
}

/** The body read elsewhere for this answer, or undefined for an answer whose body is its own to read. */
export function readBodyOf(response: Response): ReadBody | undefined {
  return bodies.get(response);
}
