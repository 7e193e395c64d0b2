/**
 * Create, update, patch and delete of Nodus objects. Each returns a Reply (or throws an ApiFailure); the
 * router writes it, and creates pass through the idempotency layer first.
 */
import type { Estimate, ManagedFieldsEntry, NodusObject } from '@/shared/protocol.ts';
import { newObject } from '../admission/new-object.ts';
import { diffFields, immutableCauses } from '../admission/spec.ts';
import { budgetImpact, checkBudgets } from '../billing/budgets.ts';
import { estimateFor, rateCap, reviewEtag } from '../billing/pricing.ts';
import { parseMoney } from '../money.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Principal } from '../http/context.ts';
import { warningHeaders, type Reply } from '../http/reply.ts';
import type { KindDef } from '../kinds/index.ts';
import type { UnknownFieldMode } from '../schema/schema.ts';
import type { MockState } from '../state.ts';
import { admit, launchedBy, updatedMetadata } from './build.ts';
import { beginDelete, previewDelete, refuseCreateIfTerminating, type Propagation } from './deletion.ts';
import { existingOnCreate } from './existing.ts';
import { defaultManager, recordUpdate } from './managed-fields.ts';
import { observe } from './observe.ts';
import { postSpend } from '../controller/commit.ts';
import { removeIfReleased } from '../controller/release.ts';
import { recordCreated, recordUpdated, type Cause } from '../events/changes.ts';
import { recordTransition } from '../events/transitions.ts';

export interface WriteRequest {
  kind: KindDef;
  namespace: string;
  body: Record<string, unknown>;
  dryRun: boolean;
  mode: UnknownFieldMode;
  ifMatch: string | undefined;
  hasIdempotencyKey: boolean;
  userAgent: string | undefined;
  clientHeader: string | undefined;
  /** Who makes the write (?fieldManager=), else derived from the User-Agent. */
  fieldManager?: string | null;
  /** Who makes the write: a new object's created-by label names them, and so do the events it records. */
  user: Principal;
  /** The request's X-Request-Id, which the events the write records carry. */
  requestId?: string;
  /** Set by server-side apply: the ownership it computed, instead of recording an Update. */
  managedFields?: ManagedFieldsEntry[];
  /** Updates and patches: the authorizer's last word on the object about to be stored (a raise needs raisecap). */
  authorizeChange?: (before: NodusObject | undefined, after: NodusObject) => void;
}

function withManagedFields(
  kind: KindDef,
  req: WriteRequest,
  before: NodusObject | undefined,
  after: NodusObject,
  time: string,
): void {
  const managed =
    req.managedFields ?? recordUpdate(kind, before, after, req.fieldManager || defaultManager(req.userAgent), time);
  if (managed.length) after.metadata.managedFields = managed;
  else delete after.metadata.managedFields;
}

/** The estimate and ETag for a billable spec; the rate at review time is remembered for the launch cap. */
function review(state: MockState, kind: KindDef, spec: Record<string, unknown>) {
  const estimate = estimateFor(kind, spec, state.priceBook, state.now(), state.config.speed);
  if (!estimate) return undefined;
  const etag = reviewEtag(kind, spec, state.priceBook.version);
  return { estimate, etag };
}

/** A dry-run update's estimate: the stored one while it quotes the same, else the new one with its Budgets. */
function revisedEstimate(state: MockState, obj: NodusObject, fresh: Estimate): Estimate {
  const stored = obj.status?.estimate;
  const quote = (e: Estimate) => [e.costUSD, e.firstHoldUSD, e.rateUSDPerHour, e.priceBookVersion].join();
  if (stored && quote(stored) === quote(fresh)) return stored;
  const ns = obj.metadata.namespace ?? '';
  const impacts = budgetImpact(state, ns, obj.metadata.labels ?? {}, parseMoney(fresh.costUSD));
  return impacts.length ? { ...fresh, budgets: impacts } : fresh;
}

function checkIfMatch(
  state: MockState,
  kind: KindDef,
  spec: Record<string, unknown>,
  ifMatch: string | undefined,
  name: string,
): string | undefined {
  if (ifMatch === undefined) return undefined;
  const current = reviewEtag(kind, spec, state.priceBook.version);
  if (ifMatch === current) return current;
  const reviewed = state.reviews.get(ifMatch);
  const why =
    reviewed && reviewed.priceBookVersion !== state.priceBook.version
      ? `the price book changed since the review (from version ${reviewed.priceBookVersion} to ${state.priceBook.version})`
      : 'the spec differs from the one reviewed, or the price book changed since';
  // The ETags go in a cause, for tools; the message is for a person.
  throw new ApiFailure('PreconditionFailed', `${kind.kind} "${name}" was not launched: ${why}`, {
    details: {
      kind: kind.kind,
      name,
      group: 'nodus.dev',
      causes: [
        {
          field: 'If-Match',
          reason: 'FieldValueInvalid',
          message: `the review's ETag ${ifMatch} no longer matches ${current}`,
        },
      ],
    },
    fix: 'Review again (dry-run), check the new estimate, and launch with the ETag it returns.',
  });
}

function generatedName(state: MockState, kind: KindDef, namespace: string, prefix: string): string {
  for (let i = 0; i < 16; i++) {
    const name = `${prefix}${state.randomSuffix()}`;
    if (!state.store.get(kind.plural, namespace, name)) return name;
  }
  throw new ApiFailure('AlreadyExists', `could not find a free name with prefix "${prefix}"`, {
    fix: 'Use a longer generateName prefix.',
  });
}

export function createObject(state: MockState, req: WriteRequest): Reply {
  const { kind, namespace } = req;
  refuseCreateIfTerminating(state, namespace);
  const admitted = admit(state, kind, namespace, req.body, req.mode);
  const meta = admitted.metadata;
  let name = typeof meta.name === 'string' && meta.name !== '' ? meta.name : undefined;
  if (!name && typeof meta.generateName === 'string' && meta.generateName !== '') {
    if (!req.hasIdempotencyKey && !req.dryRun) {
      throw new ApiFailure(
        'BadRequest',
        `a create with metadata.generateName needs an Idempotency-Key header, so that a retry cannot create a second ${kind.kind}`,
        {
          fix: 'Send the header "Idempotency-Key: <a new random value>" and reuse the same value when you retry this create.',
        },
      );
    }
    name = generatedName(state, kind, namespace, meta.generateName);
  }
  if (!name) {
    throw new ApiFailure(
      'Invalid',
      `${kind.kind} is invalid: metadata.name: is required: give a name, or set metadata.generateName`,
      {
        details: {
          kind: kind.kind,
          group: 'nodus.dev',
          causes: [
            {
              field: 'metadata.name',
              reason: 'FieldValueRequired',
              message: 'is required: give a name, or set metadata.generateName',
            },
          ],
        },
      },
    );
  }
  const existing = state.store.get(kind.plural, namespace, name);
  if (existing) return existingOnCreate(kind, existing, admitted);
  const launchEtag = checkIfMatch(state, kind, admitted.spec, req.ifMatch, name);
  const obj = newObject(state, {
    kind,
    namespace,
    name,
    admitted,
    launchedBy: launchedBy(req.userAgent, req.clientHeader),
    createdBy: req.user.username,
  });
  withManagedFields(kind, req, undefined, obj, obj.metadata.creationTimestamp!);
  req.authorizeChange?.(undefined, obj);
  const reviewed = review(state, kind, admitted.spec);
  const warnings = [...admitted.warnings];
  for (const { field, key, value } of admitted.serverKeysSent ?? []) {
    const own = obj.metadata[field]?.[key];
    if (own !== value)
      warnings.push(`metadata.${field}[${key}] is set by Nodus: ${own === undefined ? 'left out' : `kept "${own}"`}`);
  }
  if (reviewed) {
    const impacts = budgetImpact(state, namespace, obj.metadata.labels ?? {}, parseMoney(reviewed.estimate.costUSD));
    if (impacts.length) reviewed.estimate.budgets = impacts;
    for (const i of impacts.filter((x) => x.wouldExceed))
      warnings.push(
        `this launch would go over Budget ${i.name} (${i.remainingUSD} left, expected cost ${reviewed.estimate.costUSD})`,
      );
    if (!req.dryRun) checkBudgets(kind.kind, name, impacts, reviewed.estimate.costUSD);
    obj.status = {
      ...obj.status,
      estimate: reviewed.estimate,
      ...launchTerms(state, admitted.spec, launchEtag, reviewed.estimate),
    };
  }
  const headers = { ...warningHeaders(warnings), ...(reviewed ? { ETag: reviewed.etag } : {}) };
  if (req.dryRun) {
    if (reviewed) state.rememberReview(reviewed.etag, reviewed.estimate);
    return { code: 201, body: obj, headers };
  }
  const stored = state.store.put(kind.plural, obj);
  recordCreated(state, stored, causeOf(req));
  return { code: 201, body: stored, headers };
}

/** Who a write's events name: its user and its request. */
function causeOf(req: { user: Principal; requestId?: string | undefined }): Cause {
  return { actor: req.user.username, requestId: req.requestId };
}

/**
 * What a launch agreed to. With If-Match: the reviewed estimate (`status.reviewed`, kept so the object's page and
 * support can see it) and the rate cap, the reviewed rate plus 10 %; placement.maxRateUSDPerHour, if set, is the cap.
 */
function launchTerms(
  state: MockState,
  spec: Record<string, unknown>,
  launchEtag: string | undefined,
  current: Estimate,
): Record<string, unknown> {
  const explicit = (spec.placement as { maxRateUSDPerHour?: string } | undefined)?.maxRateUSDPerHour;
  if (!launchEtag) return explicit ? { rateCapUSDPerHour: explicit } : {};
  // A review this server no longer remembers had the same spec and price book (the ETag matched): only the
  // moving rate may differ from now.
  const kept = state.reviews.get(launchEtag);
  const reviewedRate = kept?.rate ?? current.rateUSDPerHour;
  const reviewed = {
    costUSD: kept?.costUSD ?? current.costUSD,
    firstHoldUSD: kept?.firstHoldUSD ?? current.firstHoldUSD,
    rateUSDPerHour: reviewedRate,
    priceBookVersion: kept?.priceBookVersion ?? current.priceBookVersion,
    ...(kept?.reviewedAt ? { reviewedAt: kept.reviewedAt } : {}),
    etag: launchEtag,
  };
  if (explicit) return { reviewed, rateCapUSDPerHour: explicit };
  return { reviewed, reviewedRateUSDPerHour: reviewedRate, rateCapUSDPerHour: rateCap(reviewedRate) };
}

export interface UpdateRequest extends WriteRequest {
  name: string;
  /** Set by patch: the resourceVersion precondition was checked already (or absent). */
  preconditionChecked?: boolean;
}

export function updateObject(state: MockState, req: UpdateRequest): Reply {
  const { kind, namespace, name, body } = req;
  const existing = state.store.get(kind.plural, namespace, name);
  if (!existing) throw notFound(kind, namespace, name);
  const meta = (body.metadata ?? {}) as Record<string, unknown>;
  if (meta.name !== undefined && meta.name !== name) {
    throw new ApiFailure(
      'BadRequest',
      `the name in the body ("${String(meta.name)}") does not match the name in the path ("${name}")`,
      {
        fix: 'Send the object to its own path; to rename, create a new object and delete the old one.',
      },
    );
  }
  if (!req.preconditionChecked) {
    const rv = meta.resourceVersion;
    if (rv === undefined || rv === '') {
      throw new ApiFailure(
        'Invalid',
        `${kind.kind} "${name}" is invalid: metadata.resourceVersion: must be specified for an update`,
        {
          details: {
            kind: kind.kind,
            name,
            group: 'nodus.dev',
            causes: [
              {
                field: 'metadata.resourceVersion',
                reason: 'FieldValueRequired',
                message: 'must be specified for an update: send the resourceVersion you read',
              },
            ],
          },
          fix: 'Read the object, change it, and send it back with the resourceVersion you read (or use a merge patch).',
        },
      );
    }
    if (String(rv) !== existing.metadata.resourceVersion) throw conflict(kind, name);
  }
  if (meta.uid !== undefined && meta.uid !== existing.metadata.uid) {
    throw new ApiFailure(
      'Conflict',
      `${kind.kind} "${name}": the uid in the body (${String(meta.uid)}) is not the stored object's (${existing.metadata.uid}); it was deleted and created again`,
      {
        details: { kind: kind.kind, name, group: 'nodus.dev' },
      },
    );
  }
  const admitted = admit(state, kind, namespace, body, req.mode, existing);
  const immutable = immutableCauses(kind, existing.spec ?? {}, admitted.spec);
  if (immutable.length) {
    throw new ApiFailure(
      'FieldImmutable',
      `${kind.kind} "${name}": ${immutable.map((c) => `${c.field} ${c.message}`).join('; ')}`,
      {
        details: { kind: kind.kind, name, group: 'nodus.dev', causes: immutable },
      },
    );
  }
  const specChanged = diffFields(existing.spec ?? {}, admitted.spec, 'spec').length > 0;
  if (specChanged && existing.metadata.deletionTimestamp) {
    throw new ApiFailure('Conflict', `${kind.kind} "${name}" is being deleted; its spec can no longer change`, {
      details: { kind: kind.kind, name, group: 'nodus.dev' },
      fix: 'Create a new object instead.',
    });
  }
  if (specChanged) checkIfMatch(state, kind, admitted.spec, req.ifMatch, name);
  const metadata = updatedMetadata(existing.metadata, admitted.metadata);
  metadata.generation = (existing.metadata.generation ?? 1) + (specChanged ? 1 : 0);
  const next: NodusObject = { ...existing, metadata, spec: admitted.spec };
  req.authorizeChange?.(existing, next);
  withManagedFields(kind, req, existing, next, state.timestamp());
  const reviewed = review(state, kind, admitted.spec);
  const headers = { ...warningHeaders(admitted.warnings), ...(reviewed ? { ETag: reviewed.etag } : {}) };
  if (req.dryRun) {
    // Admission only: the controller never sees a dry-run, so the status is the stored one (kubectl diff shows
    // the spec change alone), with the review's estimate, kept as stored while the prices it quotes are the same.
    if (reviewed) {
      state.rememberReview(reviewed.etag, reviewed.estimate);
      next.status = { ...next.status, estimate: revisedEstimate(state, next, reviewed.estimate) };
    }
    return { code: 200, body: next, headers };
  }
  next.status = observe(state, kind, existing, next);
  const stored = state.store.put(kind.plural, next);
  recordUpdated(state, existing, stored, causeOf(req));
  recordTransition(state, kind, existing, stored, causeOf(req));
  postSpend(state, kind, existing, stored);
  return { code: 200, body: removeIfReleased(state, kind, stored) ?? stored, headers };
}

export interface DeleteRequest {
  kind: KindDef;
  namespace: string;
  name: string;
  dryRun: boolean;
  propagation: Propagation;
  preconditions: { uid?: string; resourceVersion?: string };
  /** Who asks, for the events the delete records. */
  user: Principal;
  requestId?: string;
}

export function deleteObject(state: MockState, req: DeleteRequest): Reply {
  const { kind, namespace, name } = req;
  const existing = state.store.get(kind.plural, namespace, name);
  if (!existing) throw notFound(kind, namespace, name);
  if (req.preconditions.uid !== undefined && req.preconditions.uid !== existing.metadata.uid) {
    throw new ApiFailure(
      'Conflict',
      `${kind.kind} "${name}": precondition failed: uid ${req.preconditions.uid} is not ${existing.metadata.uid}`,
      {
        details: { kind: kind.kind, name, group: 'nodus.dev' },
      },
    );
  }
  if (
    req.preconditions.resourceVersion !== undefined &&
    req.preconditions.resourceVersion !== existing.metadata.resourceVersion
  ) {
    throw conflict(kind, name);
  }
  if (req.dryRun) return { code: 200, body: previewDelete(state, kind, existing, req.propagation) };
  return { code: 200, body: beginDelete(state, kind, existing, req.propagation, causeOf(req)) };
}

export function notFound(kind: KindDef, namespace: string, name: string): ApiFailure {
  return new ApiFailure('NotFound', `${kind.kind} "${name}" not found in project "${namespace}"`, {
    details: { kind: kind.kind, name, group: 'nodus.dev' },
    fix: `Check the name; list them with: kubectl get ${kind.plural}.nodus.dev -n ${namespace}`,
  });
}

export function conflict(kind: KindDef, name: string): ApiFailure {
  return new ApiFailure(
    'Conflict',
    `Operation cannot be fulfilled on ${kind.plural}.nodus.dev "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    {
      details: { kind: kind.kind, name, group: 'nodus.dev' },
    },
  );
}
