import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT } from '../shared/protocol.ts';
import { tableAt } from './early-start.ts';

const at = (url: string) => {
  const parsed = new URL(url, 'http://console.test');
  const table = tableAt({ pathname: parsed.pathname, search: parsed.search });
  return table && { project: table.project, plural: table.plural, search: table.search.toString() };
};

describe('tableAt: the table a URL shows, whose list starts before the first render', () => {
  it('reads the project and the kind of a project page, and its filters', () => {
    expect(at('/projects/ml/jobs?labels=team%3Dnlp&phase=Running')).toEqual({
      project: 'ml',
      plural: 'jobs',
      search: 'labels=team%3Dnlp&phase=Running',
    });
    expect(at('/projects/ml')).toEqual({ project: 'ml', plural: undefined, search: '' });
  });

  it('reads all projects, and the home page (the default project)', () => {
    expect(at('/all/sandboxes')).toEqual({ project: undefined, plural: 'sandboxes', search: '' });
    expect(at('/all')).toEqual({ project: undefined, plural: undefined, search: '' });
    expect(at('/')).toEqual({ project: DEFAULT_PROJECT, plural: undefined, search: '' });
  });

  it('shows no table on an object, the editor or the projects page', () => {
    expect(at('/projects/ml/jobs/train-a')).toBeUndefined();
    expect(at('/projects/ml/new/jobs')).toBeUndefined();
    expect(at('/projects/ml/new')).toBeUndefined();
    expect(at('/projects/ml/cost')).toBeUndefined();
    expect(at('/projects/ml/activity')).toBeUndefined();
    expect(at('/projects/ml/members')).toBeUndefined();
    expect(at('/all/cost')).toBeUndefined();
    expect(at('/projects')).toBeUndefined();
  });
});
