import { describe, expect, it } from 'vitest';
import { WAITING, type ApiCall } from '@/data/call-log/call-log-store.ts';
import { CALL_WINDOW_MS, callHealth } from './call-health.ts';

let id = 0;
const call = (status: number, ago: number, now = 100_000): ApiCall => ({
  id: id++,
  startedAt: now - ago,
  method: 'GET',
  path: '/apis/nodus.dev/v1/jobs',
  status,
  durationMs: 5,
  watch: false,
  requestId: `req_${id}`,
});

describe('callHealth', () => {
  it('is degraded while a write has waited more than two seconds for its answer, however long ago it was sent', () => {
    expect(callHealth([call(WAITING, 1_500), call(200, 3_000)], 100_000)).toMatchObject({ level: 'ok', waiting: 0 });
    expect(callHealth([call(WAITING, 2_500), call(200, 3_000)], 100_000)).toMatchObject({
      level: 'degraded',
      waiting: 1,
      total: 1,
      failed: 0,
    });
    // Older than the minute the health reads, and still waiting: counted all the same.
    const old = [call(200, 1_000), call(200, 2_000), call(WAITING, CALL_WINDOW_MS + 5_000)];
    expect(callHealth(old, 100_000)).toMatchObject({ level: 'degraded', waiting: 1 });
  });

  it('is ok with no calls, one failure, or refusals that are answers', () => {
    expect(callHealth([], 100_000).level).toBe('ok');
    expect(callHealth([call(503, 1_000), call(200, 2_000)], 100_000).level).toBe('ok');
    expect(callHealth([call(404, 1_000), call(409, 2_000), call(403, 3_000)], 100_000)).toMatchObject({
      level: 'ok',
      failed: 0,
    });
  });

  it('is degraded when a third of the calls of the last minute fail, naming the latest', () => {
    const calls = [
      call(200, 500),
      call(503, 1_000),
      call(200, 2_000),
      call(429, 3_000),
      call(200, 4_000),
      call(200, 5_000),
    ];
    const health = callHealth(calls, 100_000);
    expect(health).toMatchObject({ level: 'degraded', total: 6, failed: 2 });
    expect(health.lastFailure?.status).toBe(503);
  });

  it('is ok again once the last ten calls were answered', () => {
    const answered = Array.from({ length: 10 }, (_, i) => call(200, 100 + i));
    expect(callHealth([...answered, call(503, 1_000), call(503, 2_000), call(0, 3_000)], 100_000).level).toBe('ok');
    expect(
      callHealth([...answered.slice(1), call(503, 1_000), call(503, 2_000), call(0, 3_000)], 100_000).level,
    ).not.toBe('ok');
  });

  it('is failing when most calls fail, and forgets what is older than the window', () => {
    expect(callHealth([call(503, 1_000), call(0, 2_000), call(502, 3_000), call(200, 4_000)], 100_000).level).toBe(
      'failing',
    );
    expect(
      callHealth(
        [call(503, CALL_WINDOW_MS + 1), call(503, CALL_WINDOW_MS + 2), call(503, CALL_WINDOW_MS + 3)],
        100_000,
      ),
    ).toMatchObject({ level: 'ok', total: 0 });
  });
});

describe('failures confined to one API group', () => {
  const at = (path: string, status: number, ago: number): ApiCall => ({ ...call(status, ago), path });

  it('is degraded, not failing, when only the usage reports fail and the objects answer', () => {
    const calls = [
      at('/apis/usage.nodus.dev/v1/namespaces/p/usage?window=30d', 503, 500),
      at('/apis/usage.nodus.dev/v1/namespaces/p/usage?window=30d', 503, 1_500),
      at('/apis/usage.nodus.dev/v1/namespaces/p/usage?window=30d', 503, 3_000),
      at('/apis/nodus.dev/v1/namespaces/p/jobs', 200, 4_000),
    ];
    expect(callHealth(calls, 100_000)).toMatchObject({ level: 'degraded', confinedTo: ['usage.nodus.dev'] });
  });

  it('is failing when every group fails, and names no group', () => {
    const calls = [
      at('/apis/usage.nodus.dev/v1/usage', 503, 500),
      at('/apis/nodus.dev/v1/jobs', 503, 1_000),
      at('/api/v1/namespaces', 0, 1_500),
      at('/apis/nodus.dev/v1/jobs', 200, 2_000),
    ];
    expect(callHealth(calls, 100_000)).toMatchObject({ level: 'failing', confinedTo: [] });
  });
});
