import { describe, expect, it } from 'vitest';
import { errorFromStatus } from '@/data/client/index.ts';
import type { Status } from '@/shared/protocol.ts';
import { refusalOf } from './refusal.ts';

const status = (code: number, reason: string, message: string): Status => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  code,
  reason,
  message,
  requestId: 'req_1',
});

describe('why a terminal was refused', () => {
  it("shows the API's own reason when the plain request meets one", () => {
    const stopped = errorFromStatus(status(409, 'Conflict', 'Sandbox "s" is not running: its phase is Stopped'));
    expect(refusalOf(stopped)).toBe(stopped);
  });

  it('says the WebSocket itself was refused when the API only misses the upgrade, keeping the request ID', () => {
    const refusal = refusalOf(errorFromStatus(status(400, 'BadRequest', 'exec needs a WebSocket')));
    expect(refusal.reason).toBe('WebSocketRefused');
    expect(refusal.message).toContain('the WebSocket upgrade');
    expect(refusal.requestId).toBe('req_1');
    expect(refusalOf(undefined).requestId).toBeUndefined();
  });
});
