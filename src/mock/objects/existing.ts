/**
 * A create by name of an object that exists already: the same spec answers the existing object (a create is safe
 * to retry), a different one is AlreadyExists listing each difference, and one being deleted says to wait.
 */
import type { NodusObject, StatusCause } from '@/shared/protocol.ts';
import type { Admitted } from '../admission/new-object.ts';
import { diffFields, show } from '../admission/spec.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Reply } from '../http/reply.ts';
import type { KindDef } from '../kinds/index.ts';

function differences(existing: NodusObject, spec: Record<string, unknown>): StatusCause[] {
  return diffFields(existing.spec ?? {}, spec, 'spec').map((d) => ({
    field: d.field,
    reason: 'FieldValueDuplicate',
    message: `existing ${show(d.before)}, requested ${show(d.after)}`,
  }));
}

export function existingOnCreate(kind: KindDef, existing: NodusObject, admitted: Admitted): Reply {
  const name = existing.metadata.name ?? '';
  if (existing.metadata.deletionTimestamp) {
    throw new ApiFailure(
      'AlreadyExists',
      `${kind.kind} "${name}" is being deleted; it can be created again once it is gone`,
      {
        details: { kind: kind.kind, name, group: 'nodus.dev' },
        fix: 'Wait until the object is gone (watch it, or kubectl wait --for=delete), then create it again.',
      },
    );
  }
  const causes = differences(existing, admitted.spec);
  if (causes.length === 0) return { code: 200, body: existing };
  throw new ApiFailure(
    'AlreadyExists',
    `${kind.kind} "${name}" already exists with a different spec: ${causes.map((c) => c.field).join(', ')}`,
    {
      details: { kind: kind.kind, name, group: 'nodus.dev', causes },
    },
  );
}
