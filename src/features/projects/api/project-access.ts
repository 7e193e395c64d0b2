/**
 * What the key may do to projects, asked of the API (src/data/access): create one, and delete a given one.
 * A delete is asked by the project's name: Nodus refuses some projects by name (the one every org keeps, the
 * read-only one it publishes in), which the API's reviews say and no rule shows.
 */
import { useAccess, type Access } from '@/data/access/index.ts';

export function useCreateProjectAccess(): Access {
  return useAccess({ verb: 'create', group: '', resource: 'namespaces' });
}

export function useDeleteProjectAccess(name: string): Access {
  return useAccess({ verb: 'delete', group: '', resource: 'namespaces', name });
}
