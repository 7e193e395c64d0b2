import { describe, expect, it } from 'vitest';
import { requestAttributes } from './request-info.ts';

const of = (method: string, path: string) => requestAttributes(method, new URL(path, 'http://mock'));

describe('what a request asks to do', () => {
  it('reads a resource request from its method and path, as kube-apiserver does', () => {
    expect(of('GET', '/apis/nodus.dev/v1/namespaces/p/jobs')).toEqual({
      kind: 'resource',
      verb: 'list',
      group: 'nodus.dev',
      resource: 'jobs',
      subresource: '',
      name: '',
      namespace: 'p',
    });
    expect(of('GET', '/apis/nodus.dev/v1/jobs?watch=true')).toMatchObject({ verb: 'watch', namespace: '' });
    // Spelled as routing reads it: a bare ?watch and the Python client's True are watches, a bad spelling is not.
    expect(of('GET', '/apis/nodus.dev/v1/jobs?watch')).toMatchObject({ verb: 'watch' });
    expect(of('GET', '/api/v1/namespaces/p/events?watch=True')).toMatchObject({ verb: 'watch', resource: 'events' });
    expect(of('GET', '/apis/nodus.dev/v1/jobs?watch=maybe')).toMatchObject({ verb: 'list' });
    expect(of('PATCH', '/apis/nodus.dev/v1/namespaces/p/jobs/a')).toMatchObject({ verb: 'patch', name: 'a' });
    expect(of('DELETE', '/apis/nodus.dev/v1/namespaces/p/jobs')).toMatchObject({ verb: 'deletecollection' });
    expect(of('PUT', '/apis/nodus.dev/v1/namespaces/p/volumes/v/files/a/b.txt')).toMatchObject({
      verb: 'update',
      resource: 'volumes',
      name: 'v',
      subresource: 'files',
    });
  });

  it('asks create for a shell, whatever the method, as pods/exec is asked', () => {
    expect(of('GET', '/apis/nodus.dev/v1/namespaces/p/sandboxes/s/exec')).toMatchObject({
      verb: 'create',
      subresource: 'exec',
    });
  });

  it('takes a project path as the project itself, in that project', () => {
    expect(of('GET', '/api/v1/namespaces/p')).toMatchObject({
      resource: 'namespaces',
      name: 'p',
      namespace: 'p',
      verb: 'get',
    });
    expect(of('POST', '/api/v1/namespaces')).toMatchObject({ resource: 'namespaces', namespace: '', verb: 'create' });
    expect(of('GET', '/api/v1/namespaces/p/events')).toMatchObject({ group: '', resource: 'events', namespace: 'p' });
  });

  it('leaves discovery and the dev controls outside the resource API, with the method as verb', () => {
    expect(of('GET', '/apis/nodus.dev/v1')).toEqual({ kind: 'nonResource', verb: 'get', path: '/apis/nodus.dev/v1' });
    expect(of('POST', '/_mock/reset')).toEqual({ kind: 'nonResource', verb: 'post', path: '/_mock/reset' });
    expect(of('HEAD', '/openapi/v3')).toMatchObject({ verb: 'get' });
  });

  it('never throws on a path it cannot read', () => {
    expect(of('GET', '/apis/nodus.dev/v1/namespaces/%E0%A4/jobs')).toMatchObject({ namespace: '%E0%A4' });
  });
});
