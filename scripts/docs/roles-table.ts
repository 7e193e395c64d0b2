/**
 * The built-in roles as a table of what each may do to each kind of thing, worked out by the same rule evaluation
 * the authorizer runs on every request (and with what nobody may do, such as writing to the project nodus), so
 * that the table in docs/API.md cannot drift from what the server does.
 */
import { KIND_FACTS } from '../../src/shared/kinds.ts';
import { IAM_GROUP, PROJECT_ROLES, RBAC_GROUP, ROLE_ORG_ADMIN, VERB_RAISE_CAP } from '../../src/shared/iam.ts';
import { GROUP, PUBLIC_PROJECT } from '../../src/shared/protocol.ts';
import { nobodyMay } from '../../src/mock/auth/forbidden.ts';
import { EVENTS_GROUP } from '../../src/shared/events.ts';
import { builtInRole } from '../../src/mock/iam/builtin-roles.ts';
import { rulesAllow } from '../../src/mock/iam/rules.ts';
import type { Attributes, ResourceAttributes } from '../../src/mock/http/request-info.ts';
import { USAGE_GROUP } from '../../src/shared/usage.ts';

const READ = ['get', 'list', 'watch'];
const WRITE = ['create', 'update', 'patch', 'delete', 'deletecollection'];
const PROJECT = 'a-project';

interface Row {
  what: string;
  /** The requests the row stands for, by verb; a row whose verbs are all allowed reads as one word. */
  attrs: (verb: string) => Attributes;
  verbs: string[];
}

const resource =
  (group: string, plural: string, extra: Partial<ResourceAttributes> = {}) =>
  (verb: string) =>
    ({
      kind: 'resource',
      verb,
      group,
      resource: plural,
      subresource: '',
      name: '',
      namespace: PROJECT,
      ...extra,
    }) as Attributes;

const kinds: Row[] = Object.values(KIND_FACTS).map((f) => ({
  what: `${f.plural[0]!.toUpperCase()}${f.plural.slice(1)}${f.published ? ' (in nodus)' : ''}`,
  attrs: resource(GROUP, f.plural, f.published ? { namespace: PUBLIC_PROJECT } : {}),
  verbs: [...READ, ...WRITE],
}));

const sub = (what: string, plural: string, subresource: string, verbs: string[]): Row => ({
  what,
  attrs: resource(GROUP, plural, { subresource, name: 'x' }),
  verbs,
});

const ROWS: Row[] = [
  ...kinds,
  sub('logs (`jobs/log`, ...)', 'jobs', 'log', ['get']),
  sub('files (`sandboxes/files`, `volumes/files`)', 'volumes', 'files', ['get', 'create', 'update', 'delete']),
  sub('a shell (`sandboxes/exec`)', 'sandboxes', 'exec', ['create']),
  sub('invoking (`functions/invoke`)', 'functions', 'invoke', ['create']),
  {
    what: 'raising a cap (`raisecap` on Jobs, ...)',
    attrs: resource(GROUP, 'jobs', { name: 'x' }),
    verbs: [VERB_RAISE_CAP],
  },
  { what: 'usage reports', attrs: resource(USAGE_GROUP, 'usage'), verbs: READ },
  { what: 'events', attrs: resource(EVENTS_GROUP, 'events'), verbs: [...READ, ...WRITE] },
  { what: 'members (RoleBindings) and Roles', attrs: resource(RBAC_GROUP, 'rolebindings'), verbs: [...READ, ...WRITE] },
  {
    what: 'the project itself',
    attrs: resource('', 'namespaces', { name: PROJECT }),
    verbs: ['get', 'patch', 'delete'],
  },
  { what: 'projects (create)', attrs: resource('', 'namespaces', { namespace: '' }), verbs: ['create'] },
  { what: 'users', attrs: resource(IAM_GROUP, 'users', { namespace: '' }), verbs: [...READ, ...WRITE] },
  {
    what: "other users' API keys",
    attrs: resource(IAM_GROUP, 'apikeys', { namespace: '' }),
    verbs: [...READ, ...WRITE],
  },
  {
    what: 'org admins (ClusterRoleBindings)',
    attrs: resource(RBAC_GROUP, 'clusterrolebindings', { namespace: '' }),
    verbs: [...READ, ...WRITE],
  },
  {
    what: '`/_mock/` controls',
    attrs: (verb) => ({ kind: 'nonResource', verb, path: '/_mock/reset' }),
    verbs: ['get', 'post'],
  },
];

function cell(roleName: string, row: Row): string {
  const rules = [...(builtInRole(roleName)?.rules ?? []), ...(builtInRole('nodus:member')?.rules ?? [])];
  const allowed = row.verbs.filter((verb) => {
    const a = row.attrs(verb);
    return (a.kind !== 'resource' || !nobodyMay(a)) && rulesAllow(rules, a);
  });
  const has = (verbs: string[]) => verbs.every((v) => allowed.includes(v));
  const words: string[] = [];
  if (has(READ)) words.push('read');
  if (has(WRITE)) words.push('write');
  const rest = allowed.filter((v) => !(has(READ) && READ.includes(v)) && !(has(WRITE) && WRITE.includes(v)));
  words.push(...rest);
  return words.length ? words.join(', ') : '—';
}

export function rolesSection(): string {
  const roles = [...PROJECT_ROLES, ROLE_ORG_ADMIN];
  return [
    `| | ${roles.map((r) => `\`${r}\``).join(' | ')} |`,
    `| --- | ${roles.map(() => '---').join(' | ')} |`,
    ...ROWS.map((row) => `| ${row.what} | ${roles.map((r) => cell(r, row)).join(' | ')} |`),
  ].join('\n');
}
