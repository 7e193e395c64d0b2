/**
 * Who may do what, cell by cell: every role (viewer, developer, billing, project admin, org admin, no binding) ×
 * every verb × every kind, the subresources, raising a cap, the projects, the members, users and keys, and the
 * /_mock/ controls. Each cell is a real request with a key made through the API; an allowed one gets anything but
 * 401 and 403 (writes are dry-runs, so that cells do not disturb each other), a refused one a 403 whose message
 * names the user, verb, resource and project. One mock, objects made once, requests in parallel batches.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '@/shared/protocol.ts';
import { withMockApi, type Api } from './harness.ts';
import { binding, KEYS, makeTeam, rbac, ROLES, USERS, type Member, type Role } from './teams-fixture.ts';

const api = withMockApi({ controller: false, demoData: false }, { fresh: false });
const P = 'matrix';
const NS = `/apis/nodus.dev/v1/namespaces/${P}`;
const NODUS = '/apis/nodus.dev/v1/namespaces/nodus';

const SPECS: Record<string, Record<string, unknown>> = {
  jobs: { image: 'nodus/python:3.12', command: ['python', 'a.py'], maxCostUSD: '5.00' },
  sandboxes: { image: 'nodus/ubuntu:24.04', maxCostUSD: '2.00' },
  functions: { image: 'nodus/node:22', handler: 'index.handler', maxCostUSD: '2.00' },
  volumes: { sizeGiB: 10 },
  budgets: { limitUSD: '100.00' },
  pipelines: { steps: [{ name: 'only', image: 'nodus/python:3.12' }] },
};
const KINDS = [...Object.keys(SPECS), 'images'];
const VERBS = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'];
const READS = ['get', 'list', 'watch'];
const RUNS = ['jobs', 'sandboxes', 'functions', 'volumes', 'pipelines'];

let team: Record<Role, Member>;
let image = '';
const stored = new Map<string, Record<string, unknown>>();

interface Answer {
  status: number;
  message: string;
}

/** One request with a key; a watch is read until its headers arrive, then dropped. */
async function send(
  key: string,
  method: string,
  path: string,
  body?: unknown,
  type = 'application/json',
): Promise<Answer> {
  const controller = new AbortController();
  const res = await fetch(api.url(path), {
    method,
    signal: controller.signal,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': type },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  if (path.includes('watch=true') && res.status === 200) {
    controller.abort();
    return { status: 200, message: '' };
  }
  const text = await res.text();
  let message = '';
  try {
    message = String((JSON.parse(text) as { message?: unknown }).message ?? '');
  } catch {
    // not a Status
  }
  return { status: res.status, message };
}

interface Cell {
  what: string;
  send: (key: string) => Promise<Answer>;
  allowed: (role: Role) => boolean;
  /** What a refusal's message says, given who was refused. */
  refusal: (member: Member) => string;
}

function kindCell(plural: string, verb: string): Cell {
  const inNodus = plural === 'images';
  const base = inNodus ? NODUS : NS;
  const name = inNodus ? image : plural.slice(0, 1);
  const item = `${base}/${plural}/${name}`;
  const manifest = { metadata: { name: `new-${plural.slice(0, 3)}` }, spec: SPECS[plural] ?? {} };
  const labelled = () => ({
    ...stored.get(plural),
    metadata: { ...(stored.get(plural)!.metadata as object), labels: { cell: 'update' } },
  });
  const requests: Record<string, (key: string) => Promise<Answer>> = {
    get: (key) => send(key, 'GET', item),
    list: (key) => send(key, 'GET', `${base}/${plural}`),
    watch: (key) => send(key, 'GET', `${base}/${plural}?watch=true`),
    create: (key) => send(key, 'POST', `${base}/${plural}?dryRun=All`, manifest),
    update: (key) => send(key, 'PUT', `${item}?dryRun=All`, inNodus ? manifest : labelled()),
    patch: (key) =>
      send(
        key,
        'PATCH',
        `${item}?dryRun=All`,
        { metadata: { labels: { cell: 'patch' } } },
        'application/merge-patch+json',
      ),
    delete: (key) => send(key, 'DELETE', `${item}?dryRun=All`),
    deletecollection: (key) => send(key, 'DELETE', `${base}/${plural}?dryRun=All`),
  };
  const read = READS.includes(verb);
  return {
    what: `${verb} ${plural}`,
    send: requests[verb]!,
    allowed: (role) => {
      if (inNodus) return read;
      if (role === 'none') return false;
      if (read || role === 'admin' || role === 'org-admin') return true;
      return role === 'developer' ? RUNS.includes(plural) : role === 'billing' && plural === 'budgets';
    },
    refusal: ({ user }) =>
      inNodus
        ? 'project "nodus" is read-only: it holds what Nodus publishes'
        : `user "${user}" cannot ${verb} ${plural} in project "${P}"`,
  };
}

const anyRole =
  (...roles: Role[]) =>
  (role: Role) =>
    roles.includes(role);
const reader = (role: Role) => role !== 'none';
const runner = anyRole('developer', 'admin', 'org-admin');
const sayCannot =
  (verb: string, what: string, where = ` in project "${P}"`) =>
  ({ user }: Member) =>
    `user "${user}" cannot ${verb} ${what}${where}`;
/** A raise is refused for want of raisecap to a developer, who may patch; anyone else lacks patch already. */
const raiseRefused = ({ user, role }: Member) =>
  `user "${user}" cannot ${role === 'developer' ? 'raisecap' : 'patch'} jobs in project "${P}"`;

const SUBRESOURCES: Cell[] = [
  {
    what: 'get jobs/log',
    send: (k) => send(k, 'GET', `${NS}/jobs/j/log`),
    allowed: reader,
    refusal: sayCannot('get', 'jobs/log'),
  },
  {
    what: 'get jobs/status',
    send: (k) => send(k, 'GET', `${NS}/jobs/j/status`),
    allowed: reader,
    refusal: sayCannot('get', 'jobs/status'),
  },
  {
    what: 'read volumes/files',
    send: (k) => send(k, 'GET', `${NS}/volumes/files/files/`),
    allowed: reader,
    refusal: sayCannot('get', 'volumes/files'),
  },
  {
    what: 'read sandboxes/files',
    send: (k) => send(k, 'GET', `${NS}/sandboxes/s/files/`),
    allowed: reader,
    refusal: sayCannot('get', 'sandboxes/files'),
  },
  {
    what: 'write volumes/files',
    send: (k) => send(k, 'PUT', `${NS}/volumes/files/files/cell.txt`, 'hello', 'application/octet-stream'),
    allowed: runner,
    refusal: sayCannot('update', 'volumes/files'),
  },
  {
    what: 'delete volumes/files',
    send: (k) => send(k, 'DELETE', `${NS}/volumes/files/files/absent.txt`),
    allowed: runner,
    refusal: sayCannot('delete', 'volumes/files'),
  },
  {
    what: 'exec sandboxes',
    send: (k) => send(k, 'GET', `${NS}/sandboxes/s/exec?command=sh&stdin=true&stdout=true&tty=true`),
    allowed: runner,
    refusal: sayCannot('create', 'sandboxes/exec'),
  },
  {
    what: 'invoke functions',
    send: (k) => send(k, 'POST', `${NS}/functions/f/invoke`, { message: 'hi' }),
    allowed: runner,
    refusal: sayCannot('create', 'functions/invoke'),
  },
  {
    what: 'raise a cap',
    send: (k) =>
      send(k, 'PATCH', `${NS}/jobs/j?dryRun=All`, { spec: { maxCostUSD: '50.00' } }, 'application/merge-patch+json'),
    allowed: anyRole('billing', 'admin', 'org-admin'),
    refusal: raiseRefused,
  },
  {
    what: 'raise a cap and change a label',
    send: (k) =>
      send(
        k,
        'PATCH',
        `${NS}/jobs/j?dryRun=All`,
        { metadata: { labels: { a: 'b' } }, spec: { maxCostUSD: '50.00' } },
        'application/merge-patch+json',
      ),
    allowed: anyRole('admin', 'org-admin'),
    // A billing person may raise the cap, but not change the label.
    refusal: raiseRefused,
  },
];

const PROJECT = `/api/v1/namespaces/${P}`;
const OTHERS: Cell[] = [
  {
    what: 'get the project',
    send: (k) => send(k, 'GET', PROJECT),
    allowed: reader,
    refusal: sayCannot('get', `project "${P}"`, ''),
  },
  {
    what: 'label the project',
    send: (k) =>
      send(k, 'PATCH', `${PROJECT}?dryRun=All`, { metadata: { labels: { a: 'b' } } }, 'application/merge-patch+json'),
    allowed: anyRole('admin', 'org-admin'),
    refusal: sayCannot('patch', `project "${P}"`, ''),
  },
  {
    what: 'delete the project',
    send: (k) => send(k, 'DELETE', `${PROJECT}?dryRun=All`),
    allowed: anyRole('org-admin'),
    refusal: sayCannot('delete', `project "${P}"`, ''),
  },
  {
    what: 'create a project',
    send: (k) => send(k, 'POST', '/api/v1/namespaces?dryRun=All', { metadata: { name: 'another' } }),
    allowed: anyRole('org-admin'),
    refusal: sayCannot('create', 'projects', ''),
  },
  {
    what: 'list members',
    send: (k) => send(k, 'GET', rbac(P, 'rolebindings')),
    allowed: reader,
    refusal: sayCannot('list', 'rolebindings.rbac.authorization.k8s.io'),
  },
  {
    what: 'add a member',
    send: (k) => send(k, 'POST', `${rbac(P, 'rolebindings')}?dryRun=All`, binding('cell', 'nodus:viewer', 'mx-none')),
    allowed: anyRole('admin', 'org-admin'),
    refusal: sayCannot('create', 'rolebindings.rbac.authorization.k8s.io'),
  },
  {
    what: 'remove a member',
    send: (k) => send(k, 'DELETE', `${rbac(P, 'rolebindings')}/mx-viewer?dryRun=All`),
    allowed: anyRole('admin', 'org-admin'),
    refusal: sayCannot('delete', 'rolebindings.rbac.authorization.k8s.io'),
  },
  {
    what: 'read the usage',
    send: (k) => send(k, 'GET', `/apis/usage.nodus.dev/v1/namespaces/${P}/usage`),
    allowed: reader,
    refusal: sayCannot('list', 'usage'),
  },
  { what: 'list users', send: (k) => send(k, 'GET', USERS), allowed: () => true, refusal: () => '' },
  {
    what: 'create a user',
    send: (k) => send(k, 'POST', `${USERS}?dryRun=All`, { metadata: { name: 'cell' } }),
    allowed: anyRole('org-admin'),
    refusal: sayCannot('create', 'users.iam.nodus.dev', ''),
  },
  {
    what: 'delete a user',
    send: (k) => send(k, 'DELETE', `${USERS}/mx-none?dryRun=All`),
    allowed: anyRole('org-admin'),
    refusal: sayCannot('delete', 'users.iam.nodus.dev', ''),
  },
  { what: 'list keys', send: (k) => send(k, 'GET', KEYS), allowed: () => true, refusal: () => '' },
  {
    what: 'create a key of their own',
    send: (k) => send(k, 'POST', `${KEYS}?dryRun=All`, { metadata: { name: 'cell' } }),
    allowed: () => true,
    refusal: () => '',
  },
  {
    what: "create another user's key",
    send: (k) => send(k, 'POST', `${KEYS}?dryRun=All`, { metadata: { name: 'cell' }, spec: { user: 'demo-user' } }),
    allowed: anyRole('org-admin'),
    refusal: ({ user }) => `user "${user}" cannot create API keys of user "demo-user"`,
  },
  {
    what: 'read the price book (/_mock/)',
    send: (k) => send(k, 'GET', '/_mock/price-book'),
    allowed: anyRole('org-admin'),
    refusal: sayCannot('get', '/_mock/price-book', ''),
  },
];

/** Runs the cells for a member, twenty requests at a time; the mismatches, in words. */
async function mismatches(member: Member, cells: Cell[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < cells.length; i += 20) {
    const batch = cells.slice(i, i + 20);
    const answers = await Promise.all(batch.map((cell) => cell.send(member.key)));
    batch.forEach((cell, j) => {
      const { status, message } = answers[j]!;
      const allowed = cell.allowed(member.role);
      if (allowed && (status === 401 || status === 403)) out.push(`${cell.what}: refused (${status} ${message})`);
      if (!allowed && status !== 403) out.push(`${cell.what}: answered ${status}, not 403`);
      if (!allowed && status === 403 && !message.includes(cell.refusal(member)))
        out.push(`${cell.what}: the message "${message}" does not say "${cell.refusal(member)}"`);
    });
  }
  return out;
}

async function created(api: Api, path: string, body: unknown): Promise<void> {
  const res = await api.post(path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
}

beforeAll(async () => {
  team = await makeTeam(api, P, 'mx');
  for (const [plural, spec] of Object.entries(SPECS)) {
    await created(api, `${NS}/${plural}`, { metadata: { name: plural.slice(0, 1) }, spec });
    stored.set(plural, (await api.get(`${NS}/${plural}/${plural.slice(0, 1)}`)).body);
  }
  // The files cells write to a Volume of their own: a write changes its status, and the update cells' versions.
  await created(api, `${NS}/volumes`, { metadata: { name: 'files' }, spec: SPECS.volumes });
  const images = await api.get<{ items: { metadata: { name: string } }[] }>(`${NODUS}/images`);
  image = images.body.items[0]!.metadata.name;
});

describe.each(ROLES)('a key whose user is %s', (role) => {
  it('may do to each kind what the role says, and is told so otherwise', async () => {
    const cells = KINDS.flatMap((plural) => VERBS.map((verb) => kindCell(plural, verb)));
    expect(await mismatches(team[role], cells)).toEqual([]);
  });

  it('may use the subresources (log, status, files, exec, invoke) and raise caps as the role says', async () => {
    expect(await mismatches(team[role], SUBRESOURCES)).toEqual([]);
  });

  it('may read and change the project, its members, users, keys and the dev controls as the role says', async () => {
    expect(await mismatches(team[role], OTHERS)).toEqual([]);
  });
});

describe('what a list across projects shows', () => {
  it('lists the projects the key may read, and only its own keys without a role', async () => {
    const names = async (key: string, path: string) =>
      ((await api.get<{ items: { metadata: { name: string } }[] }>(path, { auth: key })).body.items ?? []).map(
        (i) => i.metadata.name,
      );
    expect(await names(team.none.key, '/api/v1/namespaces')).toEqual(['nodus']);
    expect(await names(team.viewer.key, '/api/v1/namespaces')).toEqual([P, 'nodus']);
    expect(await names(DEMO_API_KEY, '/api/v1/namespaces')).toEqual(['default', P, 'nodus']);
    expect(await names(team.viewer.key, '/apis/nodus.dev/v1/jobs')).toEqual(['j']);
    expect(await names(team.none.key, '/apis/nodus.dev/v1/jobs')).toEqual([]);
    const keys = await api.get<{ items: { spec: { user: string } }[] }>(KEYS, { auth: team.developer.key });
    expect(new Set(keys.body.items.map((k) => k.spec.user))).toEqual(new Set(['mx-developer']));
  });
});
