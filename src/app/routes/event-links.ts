/** Where an Event's links lead: the object it is about (by its kind's plural) and the Support panel. */
import type { EventLinks } from '@/features/events/index.ts';
import { useSupportPanel } from '@/features/support/index.ts';
import { kindFacts } from '@/shared/kinds.ts';
import { paths } from '../paths.ts';

export const eventLinks: EventLinks = {
  objectHref: (regarding) => {
    const plural = kindFacts(regarding.kind)?.plural;
    return plural && regarding.namespace ? paths.object(regarding.namespace, plural, regarding.name) : undefined;
  },
  onRequest: (requestId) => useSupportPanel.getState().show(requestId),
};
