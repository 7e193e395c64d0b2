/**
 * "New <Kind>" above a project's table: a link to the editor where the key may create the kind there, asked of
 * the API; otherwise a button that is off and says why (still asking, or the API's refusal).
 */
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { LockIcon, PlusIcon } from '@/components/ui/icons.tsx';
import { offProps, ReasonTip } from '@/components/ui/reason-tip.tsx';
import { useAccess } from '@/data/access/index.ts';
import type { KindInfo } from '@/data/client/index.ts';

const LOOK = 'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium shadow-sm';

export function NewObjectButton({
  kind,
  project,
  href,
}: {
  kind: Pick<KindInfo, 'kind' | 'group' | 'plural'>;
  project: string;
  href: string;
}) {
  const access = useAccess({ verb: 'create', group: kind.group, resource: kind.plural, namespace: project });
  const label = `New ${kind.kind}`;
  if (access.allowed) {
    return (
      <Link to={href} className={clsx(LOOK, 'bg-indigo-600 text-white hover:bg-indigo-700')}>
        <PlusIcon className="size-4" />
        {label}
      </Link>
    );
  }
  return (
    <ReasonTip reason={access.reason}>
      {(describedBy) => (
        <button
          type="button"
          {...offProps(true, describedBy)}
          className={clsx(LOOK, 'cursor-not-allowed border border-slate-200 bg-slate-50 text-slate-400 shadow-none')}
        >
          {access.pending ? <PlusIcon className="size-4" /> : <LockIcon className="size-4" />}
          {label}
        </button>
      )}
    </ReasonTip>
  );
}
