/**
 * What an object exposes, read from its status: status.endpoints (each port's protocol, reach and URL) as the
 * API sets them while it is Running, or status.url alone from an API that sets no more; and, when nothing is
 * exposed, why (not Running, or no ports declared).
 */
import type { NodusObject } from '@/shared/protocol.ts';

export interface EndpointView {
  port: number | undefined;
  protocol: string;
  public: boolean;
  url: string;
}

export function endpointsOf(object: NodusObject): EndpointView[] {
  const raw = object.status?.endpoints;
  if (Array.isArray(raw)) {
    return raw.flatMap((e): EndpointView[] => {
      if (typeof e !== 'object' || e === null) return [];
      const r = e as Record<string, unknown>;
      if (typeof r.url !== 'string' || r.url === '') return [];
      return [
        {
          port: typeof r.port === 'number' ? r.port : undefined,
          protocol: typeof r.protocol === 'string' ? r.protocol : 'HTTP',
          public: r.public === true,
          url: r.url,
        },
      ];
    });
  }
  const url = object.status?.url;
  return typeof url === 'string' && url !== '' ? [{ port: undefined, protocol: 'HTTP', public: true, url }] : [];
}

/** What to say when nothing is exposed. */
export function nothingExposed(object: NodusObject): string {
  const phase = typeof object.status?.phase === 'string' ? object.status.phase : undefined;
  const ports = Array.isArray(object.spec?.ports) ? object.spec.ports.length : 0;
  if (phase !== 'Running') {
    const what = ports > 0 ? `its ${ports === 1 ? 'port gets a URL' : `${ports} ports get URLs`}` : 'URLs appear';
    return `Nothing is exposed while it is ${phase ?? 'starting'}; ${what} once it is Running.`;
  }
  return 'It exposes nothing: add ports to spec.ports to serve on them.';
}
