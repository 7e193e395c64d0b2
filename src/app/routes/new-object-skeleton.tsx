/**
 * What the new-object page looks like before it can be drawn (its code, or the editor's, still loading): a title
 * and an editor's block, so opening /projects/:project/new/:plural straight from its URL shows the shell at once.
 */
import { Skeleton } from '@/components/ui/skeleton.tsx';

export function NewObjectSkeleton() {
  return (
    <div className="mx-auto max-w-6xl space-y-3 px-8 py-8" aria-busy="true">
      <Skeleton className="h-6 w-1/3" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}
