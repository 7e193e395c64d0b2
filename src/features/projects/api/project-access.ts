/**
 * What the key may do to projects, asked of the API (src/data/access): create one, and delete a given one.
 * A delete is asked by the project's name: Nodus refuses some projects by name (the one every org keeps, the
 * read-only one it publishes in), which the API's reviews say and no rule shows.
 */
import { pendingText, useAccess, type Access, type AccessAttributes } from '@/data/access/index.ts';

export function useCreateProjectAccess(): Access {
  return useAccess({ verb: 'create', group: '', resource: 'namespaces' });
}

/**
 * `asked` false holds the question back (pending): a page of many projects asks only for the rows in view, as each
 * project is its own review and six connections would otherwise queue them all.
 */
export function useDeleteProjectAccess(name: string, asked = true): Access {
  const question: AccessAttributes = { verb: 'delete', group: '', resource: 'namespaces', name };
  const access = useAccess(asked ? question : undefined);
  return asked ? access : { allowed: false, pending: true, reason: pendingText(question) };
}
