/**
 * URL builders for the Nodus API paths. Kinds are data: a path is built from the
 * group, version and plural that discovery returned, never from a hard-coded list.
 * May import: src/shared only.
 */
import { GROUP, VERSION } from '@/shared/protocol.ts';

export interface GroupVersion {
  group: string;
  version: string;
}

export const NODUS_GROUP_VERSION: GroupVersion = { group: GROUP, version: VERSION };

/** `/apis/{group}/{version}`, or `/api/{version}` for the core group. */
export function groupVersionPath({ group, version }: GroupVersion): string {
  return group ? `/apis/${group}/${version}` : `/api/${version}`;
}

export function namespacesPath(): string {
  return '/api/v1/namespaces';
}

export function resourcePath(
  gv: GroupVersion,
  plural: string,
  options: { namespace?: string; name?: string; subresource?: string } = {},
): string {
  const parts = [groupVersionPath(gv)];
  if (options.namespace) parts.push('namespaces', encodeURIComponent(options.namespace));
  parts.push(plural);
  if (options.name) parts.push(encodeURIComponent(options.name));
  if (options.name && options.subresource) parts.push(options.subresource);
  return parts.join('/');
}
