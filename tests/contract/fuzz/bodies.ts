/**
 * The valid requests the fuzzer starts from: one well-formed body per writing endpoint (create, update, merge
 * patch, apply, delete options of every kind; projects; the /_mock/ controls). Mutating a valid body reaches
 * deeper than random bytes: most mutants still parse, and exercise admission instead of the parser.
 */
export const PROJECT = 'default';
export const API = `/apis/nodus.dev/v1/namespaces/${PROJECT}`;

export const SPECS: Record<string, { kind: string; spec: Record<string, unknown> }> = {
  jobs: {
    kind: 'Job',
    spec: {
      image: 'nodus/python:3.12',
      command: ['python', 'run.py'],
      resources: { cpu: 1, memoryGiB: 2 },
      maxCostUSD: '1.00',
    },
  },
  sandboxes: { kind: 'Sandbox', spec: { image: 'nodus/ubuntu:24.04', ports: [{ port: 8080 }], maxCostUSD: '2.00' } },
  functions: {
    kind: 'Function',
    spec: { image: 'nodus/node:22', handler: 'index.handler', minReplicas: 0, maxReplicas: 2, maxCostUSD: '2.00' },
  },
  volumes: { kind: 'Volume', spec: { sizeGiB: 10 } },
  budgets: { kind: 'Budget', spec: { limitUSD: '100.00', period: 'Monthly' } },
  pipelines: {
    kind: 'Pipeline',
    spec: { steps: [{ name: 'only', image: 'nodus/python:3.12', command: ['python', 'step.py'] }], maxCostUSD: '1.00' },
  },
};

export const PLURALS = Object.keys(SPECS);

/** The objects updates and patches aim at (and, for deletes, their fz-del- twins), made before the run. */
export function targetName(plural: string): string {
  return `fz-${plural}`;
}

export function deleteTargetName(plural: string): string {
  return `fz-del-${plural}`;
}

export function object(plural: string, name: string, extraMeta: Record<string, unknown> = {}): Record<string, unknown> {
  const { kind, spec } = SPECS[plural]!;
  return {
    apiVersion: 'nodus.dev/v1',
    kind,
    metadata: { name, labels: { app: 'fuzz', tier: 'a' }, annotations: { note: 'fuzz target' }, ...extraMeta },
    spec,
  };
}

/** Stands for the target's current resourceVersion in an update; replaced just before the case is sent. */
export const RV_PLACEHOLDER = '@RV@';

export type BodyFormat = 'json' | 'yaml';

export interface BodyEndpoint {
  /** create, update, merge-patch, apply, delete, project-create, mock-… */
  name: string;
  method: string;
  path: string;
  contentType: string;
  format: BodyFormat;
  body: unknown;
  /** For update: the object whose resourceVersion replaces RV_PLACEHOLDER. */
  rvOf?: { plural: string; name: string };
}

const DELETE_OPTIONS = {
  kind: 'DeleteOptions',
  apiVersion: 'v1',
  propagationPolicy: 'Background',
  dryRun: ['All'],
  preconditions: { resourceVersion: '1' },
};

export function bodyEndpoints(): BodyEndpoint[] {
  const out: BodyEndpoint[] = [];
  for (const plural of PLURALS) {
    const target = targetName(plural);
    out.push(
      {
        name: `create ${plural}`,
        method: 'POST',
        path: `${API}/${plural}`,
        contentType: 'application/json',
        format: 'json',
        body: object(plural, `fz-new-${plural}`),
      },
      {
        name: `create ${plural} (yaml)`,
        method: 'POST',
        path: `${API}/${plural}?dryRun=All`,
        contentType: 'application/yaml',
        format: 'yaml',
        body: object(plural, `fz-yaml-${plural}`),
      },
      {
        name: `update ${plural}`,
        method: 'PUT',
        path: `${API}/${plural}/${target}`,
        contentType: 'application/json',
        format: 'json',
        body: object(plural, target, { resourceVersion: RV_PLACEHOLDER }),
        rvOf: { plural, name: target },
      },
      {
        name: `merge-patch ${plural}`,
        method: 'PATCH',
        path: `${API}/${plural}/${target}`,
        contentType: 'application/merge-patch+json',
        format: 'json',
        body: {
          metadata: { labels: { tier: 'b' } },
          spec: plural === 'volumes' || plural === 'budgets' ? {} : { maxCostUSD: '5.00' },
        },
      },
      {
        name: `apply ${plural}`,
        method: 'PATCH',
        path: `${API}/${plural}/${target}?fieldManager=fuzz`,
        contentType: 'application/apply-patch+yaml',
        format: 'yaml',
        body: object(plural, target),
      },
      {
        name: `delete ${plural}`,
        method: 'DELETE',
        path: `${API}/${plural}/${deleteTargetName(plural)}`,
        contentType: 'application/json',
        format: 'json',
        body: DELETE_OPTIONS,
      },
    );
  }
  out.push(
    {
      name: 'project create',
      method: 'POST',
      path: '/api/v1/namespaces',
      contentType: 'application/json',
      format: 'json',
      body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'fz-project', labels: { team: 'fuzz' } } },
    },
    {
      name: 'project create (yaml)',
      method: 'POST',
      path: '/api/v1/namespaces?dryRun=All',
      contentType: 'application/yaml',
      format: 'yaml',
      body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'fz-project-yaml' } },
    },
    {
      name: 'project delete',
      method: 'DELETE',
      path: '/api/v1/namespaces/fz-doomed',
      contentType: 'application/json',
      format: 'json',
      body: DELETE_OPTIONS,
    },
    {
      name: 'mock seed',
      method: 'POST',
      path: '/_mock/seed',
      contentType: 'application/json',
      format: 'json',
      body: { project: 'fz-seeded', kind: 'Job', count: 1 },
    },
    // A project without objects: a churn that somehow passes validation still has nothing to change.
    {
      name: 'mock churn',
      method: 'POST',
      path: '/_mock/churn',
      contentType: 'application/json',
      format: 'json',
      body: { project: 'fz-empty', kind: 'Job', eventsPerSecond: 1, seconds: 1 },
    },
    {
      name: 'mock faults',
      method: 'POST',
      path: '/_mock/faults',
      contentType: 'application/json',
      format: 'json',
      body: { latencyMs: 0, errorRate: 0, paths: ['/nowhere'], verbs: ['GET'] },
    },
    {
      name: 'mock price-book',
      method: 'POST',
      path: '/_mock/price-book',
      contentType: 'application/json',
      format: 'json',
      body: { version: '2026-11-01', rates: { 'gpu.T4': '0.35' } },
    },
    // Any JSON object resets the org; the runner puts the targets back after each reset that succeeds.
    {
      name: 'mock reset',
      method: 'POST',
      path: '/_mock/reset',
      contentType: 'application/json',
      format: 'json',
      body: { reason: 'fuzz' },
    },
  );
  return out;
}
