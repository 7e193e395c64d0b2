/**
 * Taking a role away, reviewed first: the dialog asks the API for a dry run as it opens and says what is at stake
 * (the last admin, one's own role); Remove is offered once the API accepted the dry run. The binding goes with
 * its uid and resourceVersion as preconditions, so a change made meanwhile is a Conflict, not overwritten.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Dialog } from '@/components/ui/dialog.tsx';
import { DialogFooter } from '@/components/ui/dialog-footer.tsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import type { BindingObject } from '@/shared/iam.ts';
import { removeGrant } from '../api/members.ts';
import { removalWarnings, roleLabel, type Grant, type Member } from '../model/members.ts';

export function RemoveDialog({
  project,
  member,
  grant,
  binding,
  members,
  me,
  onClose,
}: {
  project: string;
  member: Member;
  grant: Grant;
  binding: BindingObject;
  members: readonly Member[];
  me: string | undefined;
  onClose: () => void;
}) {
  const review = useMutation({ mutationFn: () => removeGrant(project, binding, member, true) });
  const remove = useMutation({ mutationFn: () => removeGrant(project, binding, member, false) });
  const busy = useRef(false);
  const who = member.displayName ? `${member.displayName} (${member.name})` : member.name;
  const role = roleLabel(grant.role);
  const warnings = removalWarnings(members, member, grant, me, project);
  const shared = (binding.subjects ?? []).length > 1;

  const { mutate: ask } = review;
  useEffect(() => ask(), [ask]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy.current || !review.isSuccess) return;
    busy.current = true;
    remove.mutate(undefined, { onSuccess: onClose, onSettled: () => void (busy.current = false) });
  }

  return (
    <Dialog open onClose={onClose} title={`Remove ${member.name}'s ${role} role`}>
      <form onSubmit={submit}>
        <div className="space-y-3 px-5 py-4 text-sm text-slate-700">
          <p>
            <strong>{who}</strong> will no longer be <strong>{role}</strong> in{' '}
            <span className="font-mono">{project}</span>
            {member.grants.length > 1
              ? `; they keep ${member.grants
                  .filter((g) => g !== grant)
                  .map((g) => roleLabel(g.role))
                  .join(', ')}`
              : ''}
            . Open pages and watches of theirs that needed it stop at once.
          </p>
          {shared ? (
            <p className="text-xs text-slate-500">
              The binding <span className="font-mono">{binding.metadata.name}</span> also names others; only{' '}
              {member.name} is taken out of it.
            </p>
          ) : null}
          {warnings.length ? (
            <ul aria-label="Before you remove it" className="space-y-1 rounded-md bg-amber-50 px-3 py-2 text-amber-950">
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          ) : null}
          {review.isPending ? <p className="text-slate-500">Checking with the API…</p> : null}
          {review.isSuccess ? (
            <p className="text-xs text-emerald-800">The API checked this change (a dry run) and would make it.</p>
          ) : null}
          {review.isError ? <ErrorPanel error={review.error} title="The API would not make this change" /> : null}
          {remove.isError ? <ErrorPanel error={remove.error} title="Could not remove the role" /> : null}
        </div>
        <DialogFooter
          onCancel={onClose}
          danger
          confirmLabel={remove.isPending ? 'Removing…' : `Remove ${role}`}
          confirmDisabled={!review.isSuccess || remove.isPending}
          busy={remove.isPending}
        />
      </form>
    </Dialog>
  );
}
