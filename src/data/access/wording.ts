/**
 * An access answer in words, for the tooltip and the accessible description of an action that is off:
 * "You (kim) can't delete jobs in project finance. Ask an admin of finance." The API's own reason (a review's
 * `status.reason`) replaces the advice when it gives one, since it knows who can grant what.
 */
import { RBAC_GROUP } from '@/shared/iam.ts';
import { isProjectResource, type AccessAttributes } from './attributes.ts';

/** Longer reasons are cut: a tooltip is no place for a page of text. */
const MAX_REASON = 280;

/** What the action does, in words: "delete jobs", "add files to volumes", "delete project lab". */
export function actionPhrase(a: AccessAttributes): string {
  if (isProjectResource(a)) {
    const project = a.name ? `project ${a.name}` : 'projects';
    if (a.verb === 'create') return 'create projects';
    if (a.verb === 'delete' || a.verb === 'deletecollection') return `delete ${project}`;
    if (a.verb === 'update' || a.verb === 'patch') return `change ${project}`;
    return `see ${project}`;
  }
  if (a.group === RBAC_GROUP && a.resource === 'rolebindings' && !a.subresource) {
    // Members are what a person manages; RoleBindings are how the API keeps them.
    if (a.verb === 'create') return 'add members';
    if (a.verb === 'delete' || a.verb === 'deletecollection') return 'remove members';
    if (a.verb === 'update' || a.verb === 'patch') return 'change members';
    return 'see the members';
  }
  const what = a.name ? `${a.resource}/${a.name}` : a.resource;
  switch (a.subresource) {
    case undefined:
    case '':
      break;
    case 'files':
      if (a.verb === 'create') return `add files to ${what}`;
      if (a.verb === 'update' || a.verb === 'patch') return `replace files in ${what}`;
      if (a.verb === 'delete') return `delete files in ${what}`;
      return `read the files of ${what}`;
    case 'exec':
      return `open a terminal in ${what}`;
    case 'invoke':
      return `invoke ${what}`;
    case 'log':
      return `read the logs of ${what}`;
    default:
      return `${a.verb} ${what}/${a.subresource}`;
  }
  if (a.verb === 'create') return `create ${what}`;
  if (a.verb === 'update' || a.verb === 'patch') return `change ${what}`;
  if (a.verb === 'delete' || a.verb === 'deletecollection') return `delete ${what}`;
  return `see ${what}`;
}

function where(a: AccessAttributes): string {
  return a.namespace ? ` in project ${a.namespace}` : '';
}

/** The API's reason as a sentence of its own: capital first, a full stop last, bounded. */
export function reasonSentence(reason: string): string {
  const flat = reason.replace(/\s+/g, ' ').trim();
  if (!flat) return '';
  const cut = flat.length > MAX_REASON ? `${flat.slice(0, MAX_REASON - 1).trimEnd()}…` : flat;
  const capital = cut.charAt(0).toUpperCase() + cut.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

export function deniedText(a: AccessAttributes, username: string | undefined, reason: string | undefined): string {
  const who = username ? `You (${username})` : 'You';
  const advice = reason ? reasonSentence(reason) : '';
  const ask = a.namespace ? `Ask an admin of ${a.namespace}.` : 'Ask an admin of your org.';
  return `${who} can't ${actionPhrase(a)}${where(a)}. ${advice || ask}`;
}

export function pendingText(a: AccessAttributes): string {
  return `Checking whether you may ${actionPhrase(a)}${where(a)}…`;
}
