/**
 * The one place that says who a key belongs to and what they may do. A key is found by its hash and checked in
 * constant time; a user's rights are gathered once and cached until anything they depend on changes (a user, key,
 * role or binding: one store subscription sees it). Long-lived answers (watches, followed logs, shells) hold a
 * guard, and each guard is checked again after such a change: one that lost its right ends at once.
 */
import type { APIKey } from '@/shared/iam.ts';
import { ApiFailure } from '../http/errors.ts';
import { keyIndex, storedHash } from '../iam/api-keys.ts';
import { hashKey, sameHash } from '../iam/keys.ts';
import { ACCESS_STORE_KEYS, APIKEYS, ROLE_BINDINGS, ROLES } from '../iam/resources.ts';
import type { Attributes, ResourceAttributes } from '../http/request-info.ts';
import type { MockState } from '../state.ts';
import type { Change } from '../store/store.ts';
import { forbidden } from './forbidden.ts';
import { allowedBy, rightsOf, type Rights } from './rights.ts';

/** lastUsed is written when the stored one is older than this: coarse, so that requests do not write. */
const LAST_USED_MS = 3600 * 1000;
/** setTimeout's longest wait; a key that expires later is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface Identity {
  key: APIKey;
  hash: string;
  rights: Rights;
}

/**
 * What keeps a guarded answer going: the user's rights allowing the request; for a list or watch across projects,
 * the same projects as it began with (projectsKey); for the user's own keys, only a valid key.
 */
export type GuardMode = 'rights' | 'self' | { projects: string };

interface Guard {
  hash: string;
  attrs: Attributes;
  mode: GuardMode;
  end: (failure: ApiFailure) => void;
  timer?: NodeJS.Timeout;
}

function unauthorized(message: string): ApiFailure {
  return new ApiFailure('Unauthorized', message, {
    fix: 'Send "Authorization: Bearer <a valid API key>"; an org admin can make you one (kubectl create -f apikey.yaml).',
  });
}

export class Authorizer {
  private index: Map<string, string> | undefined;
  private readonly rights = new Map<string, Rights | undefined>();
  private readonly guards = new Set<Guard>();
  private recheckQueued = false;

  constructor(private readonly state: MockState) {
    state.store.subscribe((change) => this.observe(change));
  }

  /** The key's identity, or the 401 that says why it has none. Records when the key was last used. */
  authenticate(key: string): Identity | ApiFailure {
    const found = this.resolve(hashKey(key));
    if (found instanceof ApiFailure) return found;
    const now = this.state.now();
    const last = Date.parse(found.key.status?.lastUsed ?? '');
    if (Number.isNaN(last) || now - last >= LAST_USED_MS) {
      const status = { ...found.key.status!, lastUsed: this.state.timestamp(now) };
      this.state.store.put(APIKEYS.storeKey, { ...found.key, status });
    }
    return found;
  }

  /** Everything a key's hash stands for now, without writing anything. */
  resolve(hash: string): Identity | ApiFailure {
    this.index ??= keyIndex(this.state);
    const name = this.index.get(hash);
    const key =
      name === undefined ? undefined : (this.state.store.get(APIKEYS.storeKey, '', name) as APIKey | undefined);
    const stored = key && storedHash(this.state, key);
    if (!key || !stored || !sameHash(stored, hash)) return unauthorized('the API key is not valid');
    const label = `the API key "${key.metadata.name}" (${key.status?.prefix ?? ''}…)`;
    if (key.spec?.revoked)
      return unauthorized(`${label} was revoked${key.status?.revokedAt ? ` at ${key.status.revokedAt}` : ''}`);
    const expires = key.spec?.expiresAt ? Date.parse(key.spec.expiresAt) : NaN;
    if (expires <= this.state.now()) return unauthorized(`${label} expired at ${key.spec!.expiresAt}`);
    const rights = this.rightsOf(key.spec!.user);
    if (!rights) return unauthorized(`${label} belongs to user "${key.spec!.user}", who no longer exists`);
    return { key, hash, rights };
  }

  rightsOf(username: string): Rights | undefined {
    if (!this.rights.has(username)) this.rights.set(username, rightsOf(this.state, username));
    return this.rights.get(username);
  }

  allows(rights: Rights, a: Attributes): boolean {
    return rights.orgAdmin || allowedBy(rights, a) !== undefined;
  }

  /**
   * For a list or watch across projects: 'all' when the user may list everywhere, else the projects where they
   * may (`namespaces` itself: the projects they may get).
   */
  visibility(rights: Rights, a: ResourceAttributes): ReadonlySet<string> | 'all' {
    const id = `${a.verb} ${a.group}/${a.resource}/${a.subresource}`;
    const seen = rights.seen.get(id);
    if (seen) return seen;
    let answer: ReadonlySet<string> | 'all';
    if (this.allows(rights, a)) answer = 'all';
    else {
      const projects = new Set<string>();
      for (const project of rights.projects.keys()) {
        const asked = a.resource === 'namespaces' ? { ...a, verb: 'get', name: project } : a;
        if (this.allows(rights, { ...asked, namespace: project })) projects.add(project);
      }
      answer = projects;
    }
    rights.seen.set(id, answer);
    return answer;
  }

  /** Ends `end`'s answer once the key behind `hash` may no longer make the request; returns the release. */
  guard(hash: string, attrs: Attributes, mode: GuardMode, end: (failure: ApiFailure) => void): () => void {
    const guard: Guard = { hash, attrs, mode, end };
    this.guards.add(guard);
    this.armExpiry(guard);
    // The right may have gone while the answer got ready (a watch waits for its version): look once more.
    queueMicrotask(() => this.check(guard));
    return () => {
      clearTimeout(guard.timer);
      this.guards.delete(guard);
    };
  }

  private armExpiry(guard: Guard): void {
    const found = this.resolve(guard.hash);
    const at = found instanceof ApiFailure ? NaN : Date.parse(found.key.spec?.expiresAt ?? '');
    if (Number.isNaN(at)) return;
    guard.timer = setTimeout(() => this.check(guard), Math.min(MAX_TIMER_MS, Math.max(0, at - this.state.now()) + 1));
    guard.timer.unref();
  }

  private observe(change: Change): void {
    if (!ACCESS_STORE_KEYS.has(change.resource)) {
      // A project that is gone takes its roles and bindings with it, as a namespace's deletion does.
      if (change.resource === 'namespaces' && change.type === 'DELETED') {
        const name = change.object.metadata.name ?? '';
        queueMicrotask(() => this.dropProject(name));
      }
      return;
    }
    this.index = undefined;
    this.rights.clear();
    // After the task that made the change: a reset removes and makes again the same keys in one go.
    if (this.guards.size > 0 && !this.recheckQueued) {
      this.recheckQueued = true;
      queueMicrotask(() => {
        this.recheckQueued = false;
        for (const guard of [...this.guards]) this.check(guard);
      });
    }
  }

  private dropProject(name: string): void {
    if (this.state.store.get('namespaces', '', name)) return;
    for (const r of [ROLE_BINDINGS, ROLES])
      for (const obj of this.state.store.list(r.storeKey, name))
        this.state.store.remove(r.storeKey, name, obj.metadata.name ?? '');
  }

  private check(guard: Guard): void {
    if (!this.guards.has(guard)) return;
    const failure = this.lost(guard);
    if (!failure) return;
    clearTimeout(guard.timer);
    this.guards.delete(guard);
    guard.end(failure);
  }

  /** Why a guarded answer must end now, if it must. */
  private lost(guard: Guard): ApiFailure | undefined {
    const found = this.resolve(guard.hash);
    if (found instanceof ApiFailure) return found;
    const { mode, attrs } = guard;
    if (mode === 'self') return undefined;
    if (mode === 'rights')
      return this.allows(found.rights, attrs)
        ? undefined
        : forbidden(this.state, found.rights.principal.username, attrs);
    if (attrs.kind !== 'resource' || projectsKey(this.visibility(found.rights, attrs)) === mode.projects)
      return undefined;
    return new ApiFailure(
      'Expired',
      'the projects this key may read changed, so this watch no longer shows the right ones',
      {
        fix: "List again (only what the key may read now is listed) and watch from the list's resourceVersion.",
      },
    );
  }
}

/** A set of projects as one word, so that watches showing the same projects can share their fan-out. */
export function projectsKey(projects: ReadonlySet<string> | 'all'): string {
  return projects === 'all' ? 'all' : [...projects].sort().join(',');
}

const authorizers = new WeakMap<MockState, Authorizer>();

export function authorizerOf(state: MockState): Authorizer {
  let authorizer = authorizers.get(state);
  if (!authorizer) authorizers.set(state, (authorizer = new Authorizer(state)));
  return authorizer;
}
