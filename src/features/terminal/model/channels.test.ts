import { describe, expect, it } from 'vitest';
import {
  CHANNEL,
  base64url,
  decodeFrame,
  encodeCloseStdin,
  encodeResize,
  encodeStdin,
  execPath,
  execSubprotocols,
  exitSentence,
  parseExecEnd,
} from './channels.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

describe('exec channels', () => {
  it('offers the channel protocol and the key as base64url without padding, never in the path', () => {
    expect(base64url('nodus-demo-key')).toBe('bm9kdXMtZGVtby1rZXk');
    expect(base64url('??>')).toBe('Pz8-');
    expect(execSubprotocols('k?~')).toEqual(['v5.channel.k8s.io', 'base64url.bearer.authorization.k8s.io.az9-']);
    expect(execSubprotocols(undefined)).toEqual(['v5.channel.k8s.io']);
    const path = execPath('/apis/nodus.dev/v1/namespaces/p/sandboxes/s');
    expect(path).toBe('/apis/nodus.dev/v1/namespaces/p/sandboxes/s/exec?command=sh&stdin=true&stdout=true&tty=true');
    expect(execPath('/x', ['ls', '-l'])).toContain('command=ls&command=-l&');
  });

  it('frames stdin as UTF-8 after channel 0, resize as JSON on 4, and the close of stdin', () => {
    expect([...encodeStdin('é\r')]).toEqual([0, 0xc3, 0xa9, 13]);
    expect([...encodeStdin(new Uint8Array([1, 2]))]).toEqual([0, 1, 2]);
    const resize = encodeResize({ cols: 120, rows: 40 });
    expect(resize[0]).toBe(CHANNEL.resize);
    expect(JSON.parse(text(resize.subarray(1)))).toEqual({ Width: 120, Height: 40 });
    expect([...encodeCloseStdin()]).toEqual([255, 0]);
  });

  it('reads the channel of a message and leaves its bytes as they are', () => {
    const frame = decodeFrame(new Uint8Array([1, 104, 105]).buffer);
    expect(frame?.channel).toBe(1);
    expect(text(frame!.data)).toBe('hi');
    expect(decodeFrame(new ArrayBuffer(0))).toBeUndefined();
  });

  it('reads the exit code from the Status on the error channel', () => {
    expect(parseExecEnd(bytes('{"metadata":{},"status":"Success"}'))).toEqual({ kind: 'exited', code: 0 });
    const failure = {
      metadata: {},
      status: 'Failure',
      reason: 'NonZeroExitCode',
      message: 'command terminated with non-zero exit code',
      details: { causes: [{ reason: 'ExitCode', message: '127' }] },
    };
    expect(parseExecEnd(bytes(JSON.stringify(failure)))).toEqual({ kind: 'exited', code: 127 });
    expect(
      parseExecEnd(
        bytes(
          JSON.stringify({ status: 'Failure', reason: 'Conflict', message: 'Sandbox s stopped', fix: 'Start it.' }),
        ),
      ),
    ).toEqual({ kind: 'ended', reason: 'Conflict', message: 'Sandbox s stopped', fix: 'Start it.' });
    expect(parseExecEnd(bytes('not json')).kind).toBe('ended');
    expect(exitSentence(0)).toBe('Process exited with code 0 (success)');
    expect(exitSentence(3)).toBe('Process exited with code 3');
  });
});
