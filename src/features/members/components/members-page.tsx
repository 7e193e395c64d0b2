/**
 * A project's Members: who has which role there, live from its RoleBindings, with what each role allows. Admins
 * add and remove roles (each change reviewed by the API first); everyone else sees the same page with those
 * actions off and the API's reason.
 */
import { useMemo, useState } from 'react';
import { PlusIcon } from '@/components/ui/icons.tsx';
import { TrashIcon } from '@/components/ui/action-icons.tsx';
import { OfferedButton } from '@/components/ui/offered-button.tsx';
import { offProps, ReasonTip } from '@/components/ui/reason-tip.tsx';
import { RelativeTime } from '@/components/ui/relative-time.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { WatchTroublePanel } from '@/components/ui/watch-trouble.tsx';
import { useAccess, useIdentity, type Access } from '@/data/access/index.ts';
import { GROUP_AUTHENTICATED, RBAC_GROUP } from '@/shared/iam.ts';
import { useProjectBindings, useRoleDescriptions, useUsers } from '../api/members.ts';
import { membersOf, roleLabel, type Grant, type Member } from '../model/members.ts';
import { GrantDialog } from './grant-dialog.tsx';
import { RemoveDialog } from './remove-dialog.tsx';
import { Breadcrumb, scopeCrumbs } from '@/components/ui/breadcrumb.tsx';

type Open = { what: 'grant' } | { what: 'remove'; member: Member; grant: Grant } | undefined;

const ROLE_TINT: Record<string, string> = {
  viewer: 'bg-slate-100 text-slate-700 ring-slate-200',
  developer: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  billing: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  admin: 'bg-amber-50 text-amber-900 ring-amber-200',
};

export function MembersPage({ project }: { project: string }) {
  const bindings = useProjectBindings(project);
  const users = useUsers();
  const descriptions = useRoleDescriptions();
  const me = useIdentity().identity?.username;
  const bindingAccess = { group: RBAC_GROUP, resource: 'rolebindings', namespace: project } as const;
  const canGrant = useAccess({ verb: 'create', ...bindingAccess });
  const canRemove = useAccess({ verb: 'delete', ...bindingAccess });
  const [open, setOpen] = useState<Open>();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const members = useMemo(() => membersOf(bindings.items, users), [bindings.version, users]);
  const bindingOf = (name: string) => bindings.items.find((b) => b.metadata.name === name);
  const removing = open?.what === 'remove' ? bindingOf(open.grant.binding) : undefined;

  return (
    <div className="mx-auto max-w-5xl px-8 py-6">
      <Breadcrumb className="mb-2" trail={[...scopeCrumbs(project), { label: 'Members' }]} />
      <header className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Members</h1>
          <p className="text-sm text-slate-500">
            Who may do what in <span className="font-medium text-slate-700">{project}</span>. Live: a change made
            anywhere shows here at once.
          </p>
        </div>
        <OfferedButton {...canGrant} icon={<PlusIcon className="size-4" />} onClick={() => setOpen({ what: 'grant' })}>
          Add member
        </OfferedButton>
      </header>

      <WatchTroublePanel watch={bindings} what="the members" className="mb-4" />
      {!bindings.synced ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs">
          <table className="w-full text-sm">
            <caption className="sr-only">Members of {project} and their roles</caption>
            <thead className="bg-slate-50 text-left text-xs font-medium text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Person
                </th>
                <th scope="col" className="px-4 py-2">
                  Roles
                </th>
                <th scope="col" className="px-4 py-2">
                  Member since
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {members.map((m) => (
                <tr key={`${m.kind}/${m.name}`} className="align-top">
                  <th scope="row" className="px-4 py-2.5 text-left font-normal">
                    <span className="font-medium text-slate-900">{personName(m)}</span>
                    {m.name === me ? <span className="ml-1.5 text-xs text-slate-500">(you)</span> : null}
                    <span className="block font-mono text-xs text-slate-500">
                      {m.kind === 'Group' ? `group ${m.name}` : m.email ? `${m.name} · ${m.email}` : m.name}
                    </span>
                  </th>
                  <td className="px-4 py-2.5">
                    <ul className="flex flex-wrap gap-1.5" aria-label={`Roles of ${m.name}`}>
                      {m.grants.map((g) => (
                        <li key={`${g.binding}/${g.role}`}>
                          <RoleChip
                            member={m}
                            grant={g}
                            description={descriptions.get(g.role)}
                            canRemove={canRemove}
                            onRemove={() => setOpen({ what: 'remove', member: m, grant: g })}
                          />
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="px-4 py-2.5 whitespace-nowrap text-slate-600">
                    <RelativeTime timestamp={earliest(m.grants)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {members.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">
              Nobody has a role in {project} yet: only org admins can see it.
            </p>
          ) : null}
        </div>
      )}
      <p className="mt-3 text-xs text-slate-500">
        Org admins may do everything in every project, whether or not they are listed here.
      </p>

      {open?.what === 'grant' ? (
        <GrantDialog
          project={project}
          users={users}
          members={members}
          descriptions={descriptions}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
      {open?.what === 'remove' && removing ? (
        <RemoveDialog
          project={project}
          member={open.member}
          grant={open.grant}
          binding={removing}
          members={members}
          me={me}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
    </div>
  );
}

function personName(m: Member): string {
  if (m.kind === 'Group') return m.name === GROUP_AUTHENTICATED ? 'Everyone' : m.name;
  return m.displayName ?? m.name;
}

function earliest(grants: readonly Grant[]): string | undefined {
  return grants
    .map((g) => g.since)
    .filter((s): s is string => Boolean(s))
    .sort()[0];
}

/** A control that is off while the API has not said yes, with its reason. */
function OffOr({
  access,
  children,
}: {
  access: Access;
  children: (off: boolean, describedBy: string | undefined) => React.ReactNode;
}) {
  const off = !access.allowed;
  return <ReasonTip reason={off ? access.reason : undefined}>{(d) => children(off, d)}</ReasonTip>;
}

function RoleChip({
  member,
  grant,
  description,
  canRemove,
  onRemove,
}: {
  member: Member;
  grant: Grant;
  description: string | undefined;
  canRemove: Access;
  onRemove: () => void;
}) {
  const label = roleLabel(grant.role);
  const tint = ROLE_TINT[label] ?? 'bg-violet-50 text-violet-800 ring-violet-200';
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full py-0.5 pr-1 pl-2.5 text-xs font-medium ring-1 ${tint}`}
    >
      <span title={description || undefined}>{label}</span>
      {grant.builtIn ? (
        <span className="pr-1.5 text-[11px] font-normal opacity-70">· built in</span>
      ) : (
        <OffOr access={canRemove}>
          {(off, describedBy) => (
            <button
              type="button"
              aria-label={`Remove ${member.name}'s ${label} role`}
              {...offProps(off, describedBy)}
              onClick={() => !off && onRemove()}
              className={
                off
                  ? 'cursor-not-allowed rounded-full p-0.5 opacity-40'
                  : 'rounded-full p-0.5 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-indigo-600'
              }
            >
              <TrashIcon className="size-3.5" />
            </button>
          )}
        </OffOr>
      )}
    </span>
  );
}
