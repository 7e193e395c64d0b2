/**
 * What never reaches a handler: requests Node's HTTP parser refuses (an unknown method, a malformed request line
 * or header, headers over 16 KiB), CONNECT, and an Expect other than 100-continue. Left to Node, these get a bare
 * 400, 417 or 431 without a body, or a dropped connection; a client of this API gets a Status like every other
 * error, with a requestId to quote.
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { HEADER_REQUEST_ID } from '@/shared/protocol.ts';
import { ApiFailure, statusBody } from './errors.ts';

function parserFailure(code: string | undefined): ApiFailure {
  switch (code) {
    case 'HPE_INVALID_METHOD':
      return new ApiFailure(
        'MethodNotAllowed',
        'the request method is not one this server knows (methods are upper-case: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS)',
        {
          fix: 'Use GET, POST, PUT, PATCH or DELETE, spelled in upper case.',
        },
      );
    case 'HPE_HEADER_OVERFLOW':
      return new ApiFailure(
        'BadRequest',
        'the request line and headers are larger than this server accepts (16 KiB in all)',
        {
          fix: 'Shorten the URL (long names or selectors) or the headers; send large data in the body.',
        },
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiFailure('BadRequest', 'the request did not arrive in time', {
        fix: 'Send the whole request at once and retry.',
      });
    default:
      return new ApiFailure('BadRequest', `the request is not valid HTTP/1.1 (${code ?? 'parse error'})`, {
        fix: 'Send a well-formed HTTP/1.1 request: a request line, headers without control characters, and a body of the declared length.',
      });
  }
}

/**
 * How long a refused connection is kept after its answer, for the client to read it: then it goes, read or not.
 * Without this a client that never reads (a slow-headers attack) held its half-closed connection for ever, since
 * an HTTP server's sockets stay half-open until the peer ends its side.
 */
export const LINGER_MS = 500;

/** Writes a Status straight to a socket that has no ServerResponse, and closes it. */
function endWithStatus(socket: Duplex, failure: ApiFailure, requestId: string, origin: string): void {
  const body = JSON.stringify(statusBody(failure, requestId, origin));
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
  socket.end(
    [
      `HTTP/1.1 ${failure.code} ${STATUS_CODES[failure.code] ?? ''}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `${HEADER_REQUEST_ID}: ${requestId}`,
      'Cache-Control: no-store',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

export function answerOutsideHandlers(
  server: Server,
  origin: string,
  newRequestId: () => string,
  onRequest: (req: IncomingMessage, res: ServerResponse) => void,
): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    // As Node itself does: answer unless a response on this connection has begun (its bytes must not be corrupted).
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    endWithStatus(socket, parserFailure(error.code), newRequestId(), origin);
  });
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    endWithStatus(
      socket,
      new ApiFailure('MethodNotAllowed', 'CONNECT is not supported: this is an API server, not a proxy', {
        fix: 'Use GET, POST, PUT, PATCH or DELETE on an API path.',
      }),
      newRequestId(),
      origin,
    );
  });
  // RFC 9110 lets a server ignore an expectation it does not know; answering the request beats a bare 417.
  server.on('checkExpectation', onRequest);
}
