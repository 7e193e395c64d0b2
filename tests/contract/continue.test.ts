/**
 * A continue token pages the list that issued it and no other: the same resource, project and selectors. Sent
 * with another list it is refused with 400 BadRequest, never answered with the first list's objects.
 */
import { describe, expect, it } from 'vitest';
import type { ObjectList } from '@/shared/protocol.ts';
import { job, status, withMockApi } from './harness.ts';

const api = withMockApi({ controller: false });

const NLP_JOBS = '/apis/nodus.dev/v1/namespaces/nlp/jobs';
const IMAGES = '/apis/nodus.dev/v1/namespaces/nodus/images';
const PROJECTS = '/api/v1/namespaces';

/** The continue token of a first page of one object from `path` (with `query`, if any). */
async function tokenOf(path: string, query = ''): Promise<string> {
  const res = await api.get<ObjectList>(`${path}?limit=1${query}`);
  expect(res.status).toBe(200);
  expect(res.body.metadata.continue).toBeTruthy();
  return encodeURIComponent(res.body.metadata.continue!);
}

async function expectRefused(path: string, token: string, query = ''): Promise<void> {
  const res = await api.get(`${path}?limit=1&continue=${token}${query}`);
  expect(res.status).toBe(400);
  const st = status(res);
  expect(st).toMatchObject({ kind: 'Status', code: 400, reason: 'BadRequest' });
  expect(st.message).toContain('the continue token belongs to another list');
  expect(st.fix).toContain('labelSelector and fieldSelector of the list that returned it');
  expect(st.requestId).toMatch(/^req_/);
}

describe('continue tokens', () => {
  it('page the list that issued them, with any limit', async () => {
    await api.post('/api/v1/namespaces', { metadata: { name: 'nlp' } });
    for (let i = 0; i < 3; i++) await api.post(NLP_JOBS, job(`paged-${i}`));
    const token = await tokenOf(NLP_JOBS, '&labelSelector=');
    // An empty selector is no selector: the same list.
    const next = await api.get<ObjectList>(`${NLP_JOBS}?limit=2&continue=${token}`);
    expect(next.status).toBe(200);
    expect(next.body.kind).toBe('JobList');
  });

  it('of objects: refused by another kind, another project, and every project', async () => {
    await api.post('/api/v1/namespaces', { metadata: { name: 'nlp' } });
    for (let i = 0; i < 2; i++) await api.post(NLP_JOBS, job(`continue-${i}`));
    const token = await tokenOf(NLP_JOBS);
    const res = await api.get(`/apis/nodus.dev/v1/namespaces/default/sandboxes?limit=1&continue=${token}`);
    expect(status(res).message).toContain('jobs in project "nlp"');
    await expectRefused('/apis/nodus.dev/v1/namespaces/default/sandboxes', token);
    await expectRefused('/apis/nodus.dev/v1/namespaces/default/jobs', token);
    await expectRefused('/apis/nodus.dev/v1/jobs', token);
    await expectRefused(IMAGES, token);
    await expectRefused(PROJECTS, token);
  });

  it('of objects: refused when the label or field selector changes', async () => {
    for (let i = 0; i < 2; i++) await api.post(NLP_JOBS, job(`selected-${i}`, {}, { labels: { team: 'a' } }));
    const token = await tokenOf(NLP_JOBS, '&labelSelector=team%3Da');
    await expectRefused(NLP_JOBS, token);
    await expectRefused(NLP_JOBS, token, '&labelSelector=team%3Db');
    await expectRefused(NLP_JOBS, token, '&labelSelector=team%3Da&fieldSelector=metadata.name%3Dx');
    expect((await api.get(`${NLP_JOBS}?limit=1&continue=${token}&labelSelector=team%3Da`)).status).toBe(200);
  });

  it('of projects: refused by object lists, and when the selector changes', async () => {
    for (const name of ['continue-a', 'continue-b']) await api.post(PROJECTS, { metadata: { name } });
    const token = await tokenOf(PROJECTS);
    await expectRefused('/apis/nodus.dev/v1/namespaces/default/jobs', token);
    await expectRefused(PROJECTS, token, '&labelSelector=team%3Da');
    const selected = await tokenOf(PROJECTS, '&fieldSelector=metadata.name%21%3Dnodus');
    await expectRefused(PROJECTS, selected);
  });

  it('of images: refused by another project, another kind, and a changed selector', async () => {
    const token = await tokenOf(IMAGES);
    await expectRefused('/apis/nodus.dev/v1/namespaces/default/images', token);
    await expectRefused('/apis/nodus.dev/v1/images', token);
    await expectRefused('/apis/nodus.dev/v1/namespaces/nodus/jobs', token);
    await expectRefused(IMAGES, token, '&labelSelector=nodus.dev%2Fcreated-by%3Dnodus');
  });
});
