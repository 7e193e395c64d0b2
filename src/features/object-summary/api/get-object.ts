/** GET one object by project, kind and name, read again every few seconds while it is shown. */
import { useQuery } from '@tanstack/react-query';
import { resourcePath, type KindInfo } from '../../../api/index.ts';
import { apiClient } from '../../../lib/api-client.ts';
import type { NodusObject } from '../../../shared/protocol.ts';

export type ObjectKind = Pick<KindInfo, 'group' | 'version' | 'plural' | 'kind'>;

export function useObject(kind: ObjectKind, project: string, name: string) {
  return useQuery({
    queryKey: ['nodus', 'object', project, `${kind.group}/${kind.version}`, kind.plural, name] as const,
    queryFn: ({ signal }) => apiClient.get<NodusObject>(resourcePath(kind, kind.plural, { namespace: project, name }), { signal }),
    refetchInterval: 5_000,
  });
}
