/**
 * Every request past the public paths comes through here before routing: its key names a user (or it is a 401),
 * and what it asks (request-info.ts) must be allowed (or it is a 403). Three answers are finer than yes or no, and
 * leave the rest to the handler: a list or watch across projects shows the projects the user may read; a user
 * may manage their own API keys without any role; and an update or patch of a capped kind passes with `raisecap`
 * alone, the handler then checking that nothing but a raise of the cap changed.
 */
import { EXTRA_API_KEY, IAM_GROUP, RBAC_GROUP, VERB_RAISE_CAP } from '@/shared/iam.ts';
import { GROUP } from '@/shared/protocol.ts';
import type { Ctx, RequestAccess, Visibility } from '../http/context.ts';
import { ApiFailure } from '../http/errors.ts';
import { EVENTS_GROUP } from '@/shared/events.ts';
import { CAPPED } from '../iam/builtin-roles.ts';
import { APIKEYS } from '../iam/resources.ts';
import { USAGE_GROUP } from '@/shared/usage.ts';
import type { MockState } from '../state.ts';
import { authorizerOf, projectsKey, type GuardMode, type Identity } from './authorizer.ts';
import { forbidden } from './forbidden.ts';
import { requestAttributes, type Attributes, type ResourceAttributes } from '../http/request-info.ts';

/** Resources that live in projects: listed across projects, they show those the user may read. */
function inProjects(a: ResourceAttributes): boolean {
  if (a.group === GROUP) return true;
  if (a.group === USAGE_GROUP) return a.resource === 'usage';
  if (a.group === '' || a.group === EVENTS_GROUP) return a.resource === 'events';
  return a.group === RBAC_GROUP && (a.resource === 'roles' || a.resource === 'rolebindings');
}

function acrossProjects(a: Attributes): ResourceAttributes | undefined {
  if (a.kind !== 'resource' || (a.verb !== 'list' && a.verb !== 'watch')) return undefined;
  return (a.resource === 'namespaces' && a.group === '') || (a.namespace === '' && inProjects(a)) ? a : undefined;
}

export class Access implements RequestAccess {
  constructor(
    private readonly state: MockState,
    readonly identity: Identity,
    readonly attrs: Attributes,
    readonly visible: Visibility | undefined,
    private readonly mode: GuardMode,
    /** Allowed only as the user's own: the handler checks the key's spec.user. */
    readonly ownKeysOnly: boolean,
  ) {}

  get username(): string {
    return this.identity.rights.principal.username;
  }

  may(verb: string): boolean {
    return authorizerOf(this.state).allows(this.identity.rights, { ...this.attrs, verb });
  }

  forbidden(verb: string): ApiFailure {
    return forbidden(this.state, this.username, { ...this.attrs, verb });
  }

  guard(end: (failure: ApiFailure) => void): () => void {
    return authorizerOf(this.state).guard(this.identity.hash, this.attrs, this.mode, end);
  }
}

function ownKeys(a: Attributes): boolean {
  return a.kind === 'resource' && a.group === IAM_GROUP && a.resource === APIKEYS.plural && a.subresource === '';
}

/** The request's access, or the 403 that refuses it. */
function decide(state: MockState, identity: Identity, a: Attributes): Access {
  const authorizer = authorizerOf(state);
  const { rights } = identity;
  const access = (visible: Visibility | undefined, mode: GuardMode, own = false) =>
    new Access(state, identity, a, visible, mode, own);
  const across = acrossProjects(a);
  if (across) {
    const projects = authorizer.visibility(rights, across);
    const mode = { projects: projectsKey(projects) };
    if (projects === 'all') return access(undefined, mode);
    const namespaces = across.resource === 'namespaces' && across.group === '';
    const test = namespaces
      ? (obj: { metadata: { name?: string } }) => projects.has(obj.metadata.name ?? '')
      : (obj: { metadata: { namespace?: string } }) => projects.has(obj.metadata.namespace ?? '');
    return access({ key: `projects:${mode.projects}`, test }, mode);
  }
  if (authorizer.allows(rights, a)) return access(undefined, 'rights');
  if (ownKeys(a)) {
    const username = rights.principal.username;
    const mine = (obj: { spec?: unknown }) => (obj.spec as { user?: string } | undefined)?.user === username;
    const listing = a.kind === 'resource' && (a.verb === 'list' || a.verb === 'watch');
    return access(listing ? { key: `keys-of:${username}`, test: mine } : undefined, 'self', true);
  }
  if (
    a.kind === 'resource' &&
    (a.verb === 'update' || a.verb === 'patch') &&
    a.group === GROUP &&
    a.subresource === '' &&
    CAPPED.includes(a.resource) &&
    authorizer.allows(rights, { ...a, verb: VERB_RAISE_CAP })
  )
    return access(undefined, 'rights');
  throw forbidden(state, rights.principal.username, a);
}

/**
 * Checks the request's key and what it asks; sets ctx.user and ctx.access, or throws the 401 or 403. `refuse`
 * turns the authorizer's reason for a 401 into the answer (the server knows how the key was sent).
 */
export function authorizeRequest(
  state: MockState,
  ctx: Ctx,
  key: string,
  refuse: (message: string) => ApiFailure,
): void {
  const identity = authorizerOf(state).authenticate(key);
  if (identity instanceof ApiFailure) throw refuse(identity.message);
  const { principal } = identity.rights;
  ctx.user = { ...principal, extra: { [EXTRA_API_KEY]: [identity.key.metadata.name ?? ''] } };
  ctx.access = decide(state, identity, requestAttributes(ctx.method, ctx.url));
}

/** The authorizer's own view of a request's access, for the handlers of team objects. */
export function accessOf(ctx: Ctx): Access {
  if (!(ctx.access instanceof Access))
    throw new Error(`${ctx.method} ${ctx.url.pathname} was routed before it was authorized`);
  return ctx.access;
}
