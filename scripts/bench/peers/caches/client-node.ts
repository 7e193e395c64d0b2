/**
 * The JavaScript standard: @kubernetes/client-node's informer (makeInformer, its ListWatch cache), with the list
 * function an informer needs for a custom resource, following `continue` in pages of 500 as ours does. It applies
 * each event as its line arrives (a Map write) and then calls its `update` handlers; an event counts as applied
 * when that handler runs.
 */
import {
  CustomObjectsApi,
  KubeConfig,
  ListWatch,
  makeInformer,
  type KubernetesListObject,
  type KubernetesObject,
} from '@kubernetes/client-node';
import type { CacheClient, CacheTarget } from './cache-client.ts';

interface JobList extends KubernetesListObject<KubernetesObject> {
  metadata?: { resourceVersion?: string; continue?: string };
}

export function clientNodeCache(target: CacheTarget): CacheClient {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'bench', server: target.url, skipTLSVerify: true }],
    users: [{ name: 'bench', token: target.apiKey }],
    contexts: [{ name: 'bench', cluster: 'bench', user: 'bench' }],
    currentContext: 'bench',
  });
  const api = kc.makeApiClient(CustomObjectsApi);
  const path = `/apis/nodus.dev/v1/namespaces/${target.project}/jobs`;
  const list = async (): Promise<JobList> => {
    const items: KubernetesObject[] = [];
    let first: JobList | undefined;
    let token: string | undefined;
    do {
      const page = (await api.listNamespacedCustomObject({
        group: 'nodus.dev',
        version: 'v1',
        namespace: target.project,
        plural: 'jobs',
        limit: target.pageSize,
        _continue: token,
      })) as JobList;
      first ??= page;
      items.push(...page.items);
      token = page.metadata?.continue || undefined;
    } while (token);
    return {
      apiVersion: first.apiVersion ?? 'nodus.dev/v1',
      kind: first.kind ?? 'JobList',
      metadata: { resourceVersion: first.metadata?.resourceVersion ?? '' },
      items,
    };
  };
  const informer = makeInformer(kc, path, list);
  let applied = 0;
  let onApplied: (() => void) | undefined;
  const count = () => {
    applied++;
    onApplied?.();
  };
  informer.on('add', count);
  informer.on('update', count);
  informer.on('delete', count);
  let stopping: (() => void) | undefined;
  let failure: ((error: unknown) => void) | undefined;
  informer.on('error', (error: unknown) => {
    // Stopping aborts the request, which the informer reports as an error: that one is expected.
    if (stopping) stopping();
    else failure?.(error);
  });
  return {
    name: '@kubernetes/client-node 1.3.0 informer',
    async start() {
      await informer.start();
    },
    async stop() {
      // Wait for the informer to have handled its aborted request: handled later, it would abort the next one.
      const handled = new Promise<void>((resolve) => {
        stopping = resolve;
        setTimeout(resolve, 2_000);
      });
      await informer.stop();
      await handled;
      stopping = undefined;
    },
    async resume(events) {
      const base = applied;
      const done = new Promise<void>((resolve, reject) => {
        failure = reject;
        onApplied = () => {
          if (applied - base < events) return;
          onApplied = undefined;
          resolve();
        };
      });
      await informer.start();
      await done;
      failure = undefined;
    },
    // makeInformer returns its ListWatch, which is also the cache one reads from. Asked for the one project: its
    // list of every namespace spreads all objects into one call's arguments, which overflows the stack at 200,000.
    size: () => (informer instanceof ListWatch ? informer.list(target.project).length : Number.NaN),
  };
}
