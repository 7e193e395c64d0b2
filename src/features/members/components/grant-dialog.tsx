/**
 * Giving someone a role, reviewed first: the person and the role are chosen, Review asks the API for a dry run of
 * the binding (which refuses what the granter may not give, or a role the person already has), and only the answer
 * it accepted can be granted. Changing the choice after a review asks for a new one.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog.tsx';
import { DialogFooter } from '@/components/ui/dialog-footer.tsx';
import { ErrorPanel } from '@/components/ui/error-panel.tsx';
import { PROJECT_ROLES, ROLE_VIEWER, type User } from '@/shared/iam.ts';
import { grantRole } from '../api/members.ts';
import { grantBinding, roleLabel, type Member } from '../model/members.ts';

interface Choice {
  user: string;
  role: string;
}

const sameChoice = (a: Choice | undefined, b: Choice) => a?.user === b.user && a.role === b.role;

export function GrantDialog({
  project,
  users,
  members,
  descriptions,
  onClose,
}: {
  project: string;
  users: ReadonlyMap<string, User>;
  members: readonly Member[];
  descriptions: ReadonlyMap<string, string>;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<Choice>({ user: '', role: ROLE_VIEWER });
  const personId = useId();
  const review = useMutation({
    mutationFn: (c: Choice) => grantRole(project, grantBinding(c.user, c.role), true).then(() => c),
  });
  const grant = useMutation({ mutationFn: (c: Choice) => grantRole(project, grantBinding(c.user, c.role), false) });
  // isPending reaches the button a render late: without this a double click sends the grant twice.
  const busy = useRef(false);
  const reviewed = review.isSuccess && sameChoice(review.data, choice) ? review.data : undefined;
  const people = [...users.values()]
    .map((u) => ({ name: u.metadata.name ?? '', shown: u.spec?.displayName }))
    .sort((a, b) => (a.shown ?? a.name).localeCompare(b.shown ?? b.name));
  const current = members.find((m) => m.kind === 'User' && m.name === choice.user);
  // The API answers a create of the same binding with the one it has: say so instead of granting nothing.
  const already = current?.grants.some((g) => g.roleKind === 'ClusterRole' && g.role === choice.role) ?? false;
  const shownName = (name: string) => {
    const displayName = users.get(name)?.spec?.displayName;
    return displayName ? `${displayName} (${name})` : name;
  };

  function change(next: Partial<Choice>) {
    setChoice((c) => ({ ...c, ...next }));
    // A review answers one choice: another one, even the reviewed one again, is asked anew.
    review.reset();
    grant.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy.current || !choice.user || already) return;
    busy.current = true;
    const settle = { onSettled: () => void (busy.current = false) };
    if (!reviewed) review.mutate(choice, settle);
    else grant.mutate(reviewed, { ...settle, onSuccess: onClose });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Add a member to ${project}`}
      description="Choose a person and a role. The API checks the change before it is made."
    >
      <form onSubmit={submit}>
        <div className="space-y-4 px-5 py-4 text-sm">
          <div className="space-y-1">
            <label htmlFor={personId} className="block font-medium text-slate-700">
              Person
            </label>
            <select
              id={personId}
              value={choice.user}
              onChange={(e) => change({ user: e.target.value })}
              required
              className="w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
            >
              <option value="">Choose someone…</option>
              {people.map((p) => (
                <option key={p.name} value={p.name}>
                  {p.shown ? `${p.shown} (${p.name})` : p.name}
                </option>
              ))}
            </select>
            {current ? (
              <p className="text-xs text-slate-500">
                Has now: {current.grants.map((g) => roleLabel(g.role)).join(', ')}. A new role adds to these.
              </p>
            ) : null}
          </div>
          <fieldset className="space-y-1.5">
            <legend className="mb-1 font-medium text-slate-700">Role in {project}</legend>
            {PROJECT_ROLES.map((role) => (
              <label
                key={role}
                className="flex cursor-pointer items-start gap-2.5 rounded-md border border-slate-200 px-3 py-2 has-checked:border-indigo-400 has-checked:bg-indigo-50/60"
              >
                <input
                  type="radio"
                  name="role"
                  value={role}
                  checked={choice.role === role}
                  onChange={() => change({ role })}
                  aria-labelledby={`${personId}-${role}`}
                  aria-describedby={`${personId}-${role}-about`}
                  className="mt-0.5 accent-indigo-600"
                />
                <span>
                  <span id={`${personId}-${role}`} className="font-medium text-slate-900">
                    {roleLabel(role)}
                  </span>
                  <span id={`${personId}-${role}-about`} className="block text-xs text-slate-600">
                    {descriptions.get(role) ?? ''}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {already ? (
            <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-slate-700">
              {shownName(choice.user)} is {roleLabel(choice.role)} in {project} already.
            </p>
          ) : null}
          {reviewed ? (
            <section
              aria-label="Review"
              className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-950"
            >
              <p>
                <strong>{shownName(reviewed.user)}</strong> will be <strong>{roleLabel(reviewed.role)}</strong> in{' '}
                <span className="font-mono">{project}</span>, from the moment it is granted, in every tab they have
                open.
              </p>
              <p className="mt-1 text-xs text-emerald-800">
                The API checked this change (a dry run) and would make it.
              </p>
            </section>
          ) : null}
          {review.isError && !reviewed ? (
            <ErrorPanel error={review.error} title="The API would not make this change" />
          ) : null}
          {grant.isError ? <ErrorPanel error={grant.error} title="Could not grant the role" /> : null}
        </div>
        <DialogFooter
          onCancel={onClose}
          confirmLabel={
            reviewed
              ? grant.isPending
                ? 'Granting…'
                : `Grant ${roleLabel(reviewed.role)}`
              : review.isPending
                ? 'Reviewing…'
                : 'Review'
          }
          confirmDisabled={!choice.user || already || review.isPending || grant.isPending}
          busy={grant.isPending}
        />
      </form>
    </Dialog>
  );
}
