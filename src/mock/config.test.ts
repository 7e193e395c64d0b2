import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.ts';

describe('configFromEnv', () => {
  it('reads the origins allowed to call the mock from a browser, as a browser writes them', () => {
    const config = configFromEnv({
      NODUS_MOCK_ALLOWED_ORIGINS: 'https://Console.Example.com:443, http://127.0.0.1:15173/,',
    });
    expect(config.allowedOrigins).toEqual(['https://console.example.com', 'http://127.0.0.1:15173']);
    expect(configFromEnv({}).allowedOrigins).toEqual([]);
  });

  it('refuses what is no origin, null and wildcards included, rather than allowing more than meant', () => {
    for (const wrong of ['null', '*', 'http://x.example/path', 'file:///tmp', 'x.example', 'http://u:p@x.example'])
      expect(() => configFromEnv({ NODUS_MOCK_ALLOWED_ORIGINS: wrong }), wrong).toThrow(/is not an origin/);
  });

  it('reads the public URL that links are written from', () => {
    expect(configFromEnv({ NODUS_MOCK_PUBLIC_URL: 'https://mock.example/nodus/' }).publicUrl).toBe(
      'https://mock.example/nodus',
    );
    expect(configFromEnv({}).publicUrl).toBeUndefined();
    expect(() => configFromEnv({ NODUS_MOCK_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/NODUS_MOCK_PUBLIC_URL/);
  });

  it('reads how long events are kept and how many a project keeps', () => {
    const config = configFromEnv({ NODUS_MOCK_EVENT_TTL_SECONDS: '5', NODUS_MOCK_EVENTS_PER_PROJECT: '100' });
    expect(config).toMatchObject({ eventTtlSeconds: 5, eventsPerProject: 100 });
    expect(configFromEnv({})).toMatchObject({ eventTtlSeconds: 86400, eventsPerProject: 5000 });
    expect(() => configFromEnv({ NODUS_MOCK_EVENT_TTL_SECONDS: 'a day' })).toThrow(/non-negative number/);
  });
});
