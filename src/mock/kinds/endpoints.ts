/**
 * What a Running Sandbox or Function exposes: one endpoint per port, each with the URL it is reached at. The
 * addresses are simulated (nothing listens there); a public port gets an address under PUBLIC_DOMAIN, a private
 * one an address inside the project's network only.
 */
import type { NodusObject } from '@/shared/protocol.ts';
import type { Schema } from '../schema/schema.ts';

export const PUBLIC_DOMAIN = 'nodus.run';

export interface Endpoint {
  port: number;
  protocol: 'HTTP' | 'TCP';
  public: boolean;
  url: string;
}

export const endpointsStatus: Record<string, Schema> = {
  endpoints: {
    type: 'array',
    description: 'What is exposed while Running: each port with its protocol, reach and URL. Empty otherwise.',
    items: {
      type: 'object',
      properties: {
        port: { type: 'integer', description: 'Port number inside the object.' },
        protocol: { type: 'string', enum: ['HTTP', 'TCP'], description: 'Protocol.' },
        public: { type: 'boolean', description: 'Reachable from the internet; otherwise from the project only.' },
        url: { type: 'string', description: 'Where the port is reached.' },
      },
    },
  },
};

function host(obj: NodusObject): string {
  return `${obj.metadata.name ?? ''}--${obj.metadata.namespace ?? ''}`;
}

export function portEndpoint(obj: NodusObject, port: number, protocol: 'HTTP' | 'TCP', open: boolean): Endpoint {
  const name = host(obj);
  const url = open
    ? protocol === 'HTTP'
      ? `https://${port}-${name}.${PUBLIC_DOMAIN}`
      : `tcp://${name}.${PUBLIC_DOMAIN}:${port}`
    : `${protocol === 'HTTP' ? 'http' : 'tcp'}://${obj.metadata.name ?? ''}.${obj.metadata.namespace ?? ''}.internal:${port}`;
  return { port, protocol, public: open, url };
}

/** A Sandbox exposes the ports of spec.ports as declared. */
export function sandboxEndpoints(obj: NodusObject): Endpoint[] {
  const ports = Array.isArray(obj.spec?.ports) ? (obj.spec.ports as Record<string, unknown>[]) : [];
  return ports.map((p) => portEndpoint(obj, Number(p.port), p.protocol === 'TCP' ? 'TCP' : 'HTTP', p.public === true));
}

/** A Function serves HTTP on one public address; its invoke subresource reaches the same handler. */
export function functionEndpoints(obj: NodusObject): Endpoint[] {
  return [{ port: 8080, protocol: 'HTTP', public: true, url: `https://${host(obj)}.fn.${PUBLIC_DOMAIN}` }];
}

/** status.endpoints and status.url (the first public HTTP endpoint, as the kinds' schemas describe it). */
export function exposure(endpoints: Endpoint[]): { endpoints: Endpoint[]; url?: string } {
  const url = endpoints.find((e) => e.public && e.protocol === 'HTTP')?.url;
  return url ? { endpoints, url } : { endpoints };
}
