/**
 * WebSocket upgrades of API paths (the exec subresource's terminals) forwarded to the API: the handshake goes
 * upstream with its Sec-WebSocket-* headers (the key rides in Sec-WebSocket-Protocol), and once the API switches
 * protocols the two sockets are joined byte for byte. A refusal (the API's Status, before any upgrade) goes back
 * to the client as the API wrote it. May import: Node and upstream.ts.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { upstreamRequest } from './upstream.ts';

function head(status: string, headers: IncomingMessage['headers']): string {
  const lines = [status];
  for (const [name, value] of Object.entries(headers)) {
    for (const v of [value ?? []].flat()) lines.push(`${name}: ${v}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

export function forwardUpgrade(req: IncomingMessage, socket: Duplex, headBytes: Buffer, upstream: URL, path: string) {
  const out = upstreamRequest(req, upstream, path, { upgrade: true });
  socket.on('error', () => out.destroy());
  out.on('upgrade', (answer, upSocket, upHead) => {
    socket.write(head(`HTTP/1.1 101 ${answer.statusMessage ?? 'Switching Protocols'}`, answer.headers));
    if (upHead.length) socket.write(upHead);
    if (headBytes.length) upSocket.write(headBytes);
    upSocket.on('error', () => socket.destroy());
    socket.on('close', () => upSocket.destroy());
    upSocket.on('close', () => socket.destroy());
    upSocket.pipe(socket);
    socket.pipe(upSocket);
  });
  out.on('response', (answer) => {
    // Refused: the API's answer (its Status) as it is, then the connection ends.
    const headers = { ...answer.headers, connection: 'close' };
    delete headers['transfer-encoding'];
    const chunks: Buffer[] = [];
    answer.on('data', (c: Buffer) => chunks.push(c));
    answer.on('end', () => {
      const body = Buffer.concat(chunks);
      headers['content-length'] = String(body.length);
      socket.end(
        Buffer.concat([
          Buffer.from(head(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage ?? ''}`, headers)),
          body,
        ]),
      );
    });
  });
  out.on('error', () => {
    socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  out.end();
}
