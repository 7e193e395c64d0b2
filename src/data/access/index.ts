export { ALLOWED, attributesKey, type Access, type AccessAttributes, type AccessVerb } from './attributes.ts';
export { invalidateAccessOnForbidden } from './forbidden.ts';
export { useAccess, useAccessList, useIdentity } from './use-access.ts';
export type { Identity } from './reviews.ts';
export { actionPhrase, deniedText, pendingText } from './wording.ts';
export { followRoleChanges } from './role-changes.ts';
