/**
 * What an access question is about, in the shape of Kubernetes' `resourceAttributes` (a SelfSubjectAccessReview's
 * spec): a verb on a resource (and subresource) of a group, in a project, maybe of one named object.
 */
export type AccessVerb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

export interface AccessAttributes {
  verb: AccessVerb;
  /** '' for the core group (namespaces: projects). */
  group: string;
  /** The plural, as discovery names it ("jobs"). */
  resource: string;
  subresource?: string;
  /** The project; absent for a cluster-wide resource (projects themselves). */
  namespace?: string;
  /** One object, when the action is about it alone: asked by name only where the answer could differ. */
  name?: string;
}

/** What the console may offer, as the API answered. */
export interface Access {
  /** False while `pending`: an action is never offered before the API said it may be. */
  allowed: boolean;
  pending: boolean;
  /** Why not (or, while pending, that it is being checked), in words for people. */
  reason?: string;
  /** The review itself failed (the API is down): the action is offered and the real call will say. */
  unverified?: boolean;
}

export const ALLOWED: Access = { allowed: true, pending: false };

/** The attributes as one stable key: the same question from two places is asked once. */
export function attributesKey(a: AccessAttributes): string {
  return [a.verb, a.group, a.resource, a.subresource ?? '', a.namespace ?? '', a.name ?? ''].join('|');
}

/** Projects are the core group's namespaces: Nodus decides some of their verbs by the project's name. */
export function isProjectResource(a: Pick<AccessAttributes, 'group' | 'resource'>): boolean {
  return a.group === '' && a.resource === 'namespaces';
}

/** The body of a SelfSubjectAccessReview, with exactly the attributes asked (no empty strings). */
export function accessReviewBody(a: AccessAttributes): Record<string, unknown> {
  const resourceAttributes: Record<string, string> = { verb: a.verb, group: a.group, resource: a.resource };
  if (a.subresource) resourceAttributes.subresource = a.subresource;
  if (a.namespace) resourceAttributes.namespace = a.namespace;
  if (a.name) resourceAttributes.name = a.name;
  return {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectAccessReview',
    spec: { resourceAttributes },
  };
}
