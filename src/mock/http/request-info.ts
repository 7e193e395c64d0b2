/**
 * What a request asks to do, read from its method and path the way kube-apiserver's RequestInfo reads them, before
 * any handler runs: `/apis/{group}/{version}[/namespaces/{project}]/{resource}[/{name}[/{subresource}]]` is a
 * resource request (verb from the method: get, list, watch, create, update, patch, delete, deletecollection);
 * anything else (discovery, /openapi, /_mock/) is a non-resource request whose verb is the method. Opening a shell
 * is `create` on `sandboxes/exec`, whatever the method, as kube-apiserver asks for pods/exec. Never throws: a path
 * the router cannot serve is the router's to refuse.
 */
import { boolParamOrUndefined } from './booleans.ts';

/** A request in the resource API: what the authorizer decides on. Empty strings stand for "none". */
export interface ResourceAttributes {
  kind: 'resource';
  verb: string;
  group: string;
  resource: string;
  subresource: string;
  name: string;
  /** The project; empty for a cluster-scoped resource or a request across all projects. */
  namespace: string;
}

/** A request outside the resource API (discovery, /openapi, /_mock/): its path and lower-case method. */
export interface NonResourceAttributes {
  kind: 'nonResource';
  verb: string;
  path: string;
}

export type Attributes = ResourceAttributes | NonResourceAttributes;

function segment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The verb of a resource request's method, as kube-apiserver names it: also what a fault's `verbs` filter matches
 * (src/mock/faults), so that one table serves both.
 */
export function resourceVerb(method: string, named: boolean, watch: boolean): string {
  switch (method) {
    case 'GET':
    case 'HEAD':
      return named ? 'get' : watch ? 'watch' : 'list';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return named ? 'delete' : 'deletecollection';
    default:
      return method.toLowerCase();
  }
}

export function requestAttributes(method: string, url: URL): Attributes {
  const path = url.pathname;
  const parts = path.split('/').filter(Boolean).map(segment);
  const nonResource: Attributes = { kind: 'nonResource', verb: method === 'HEAD' ? 'get' : method.toLowerCase(), path };
  let group: string;
  let rest: string[];
  if (parts[0] === 'api' && parts.length >= 3) {
    group = '';
    rest = parts.slice(2);
  } else if (parts[0] === 'apis' && parts.length >= 4) {
    group = parts[1]!;
    rest = parts.slice(3);
  } else return nonResource;
  let namespace = '';
  if (rest[0] === 'namespaces' && rest.length > 1) {
    namespace = rest[1]!;
    // `/namespaces/{p}` is the project itself; anything below it is a resource in the project.
    if (rest.length > 2) rest = rest.slice(2);
  }
  const [resource = '', name = '', subresource = ''] = rest;
  // As routing reads it (a bare ?watch is one); a bad spelling is no watch here, and routing refuses it with a 400.
  const watch = boolParamOrUndefined('watch', url.searchParams.get('watch')) === true;
  let verb = resourceVerb(method, name !== '', watch);
  if (subresource === 'exec') verb = 'create';
  return { kind: 'resource', verb, group, resource, subresource, name, namespace };
}
