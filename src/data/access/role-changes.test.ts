/** Rules that come back different make the precise answers of that key stale; the same rules again do not. */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../query-keys.ts';
import { followRoleChanges } from './role-changes.ts';

const rules = (verbs: string[]) => [{ verbs, apiGroups: ['nodus.dev'], resources: ['jobs'] }];

describe('followRoleChanges', () => {
  it("asks the key's precise reviews again only when a project's rules changed", () => {
    const client = new QueryClient();
    const stop = followRoleChanges(client);
    const review = queryKeys.accessReview(1, 'create|nodus.dev|jobs|||nlp');
    const otherKey = queryKeys.accessReview(2, 'create|nodus.dev|jobs|||nlp');
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    client.setQueryData(review, { allowed: false });
    client.setQueryData(otherKey, { allowed: false });

    client.setQueryData(queryKeys.accessRules(1, 'nlp'), rules(['get']));
    client.setQueryData(queryKeys.accessRules(1, 'nlp'), rules(['get']));
    expect(stale(review)).toBe(false);

    client.setQueryData(queryKeys.accessRules(1, 'nlp'), rules(['get', 'create']));
    expect(stale(review)).toBe(true);
    // Another key's answers (another generation) are its own.
    expect(stale(otherKey)).toBe(false);
    stop();
  });
});
