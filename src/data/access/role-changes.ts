/**
 * When a project's rules come back different (someone was given or lost a role there, in another tab or with
 * kubectl), the precise answers (SelfSubjectAccessReviews) may be out of date too: they are asked again, so an
 * action turns on or off without a reload. Answers that come back the same keep their object (TanStack's
 * structural sharing), so an unchanged poll asks nothing more.
 */
import type { QueryClient } from '@tanstack/react-query';

/** Starts listening; returns the function that stops. */
export function followRoleChanges(queryClient: QueryClient): () => void {
  const last = new Map<string, unknown>();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') {
      last.delete(event.query.queryHash);
      return;
    }
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = event.query.queryKey;
    // ['nodus', 'access', generation, 'rules', namespace]
    if (key[0] !== 'nodus' || key[1] !== 'access' || key[3] !== 'rules') return;
    const hash = event.query.queryHash;
    const before = last.get(hash);
    const now = event.query.state.data;
    last.set(hash, now);
    if (before === undefined || before === now) return;
    const generation = key[2] as number;
    void queryClient.invalidateQueries({
      predicate: (q) => {
        const k = q.queryKey;
        return k[0] === 'nodus' && k[1] === 'access' && k[2] === generation && k[3] === 'review';
      },
    });
  });
}
