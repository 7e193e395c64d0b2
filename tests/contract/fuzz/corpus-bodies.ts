/**
 * The body half of the corpus: every writing endpoint gets mutants of its valid JSON or YAML body, bodies of
 * 1 MiB and more, and its valid body under every Content-Type a confused client might send.
 */
import { stringify } from 'yaml';
import { bodyEndpoints, RV_PLACEHOLDER, type BodyEndpoint } from './bodies.ts';
import { byteMutations, jsonMutations, oversized, yamlMutations, type Mutation } from './mutate.ts';
import type { Rng } from './prng.ts';
import type { FuzzCase } from './send.ts';

export interface CorpusOptions {
  /** The current resourceVersion of an object, so that some updates get past the precondition. */
  rvOf: (plural: string, name: string) => string;
  mutantsPerEndpoint: number;
}

const CONTENT_TYPES = [
  undefined,
  '',
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json-patch+json',
  'application/strategic-merge-patch+json',
  'application/vnd.kubernetes.protobuf',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json;;;=',
  'application/json, text/plain',
  '*/*',
  'application/*',
  'application/yaml; charset=latin1',
  'application/apply-patch+yaml',
  'application/merge-patch+json',
  'application/x-yaml',
  'application/jsonx',
  'json',
  '/',
  ';',
  `application/${'x'.repeat(4000)}`,
];

function text(endpoint: BodyEndpoint): string {
  return endpoint.format === 'yaml' ? stringify(endpoint.body) : JSON.stringify(endpoint.body);
}

/** Updates carry the placeholder; the freshest resourceVersion goes in just before sending. */
function withRv(endpoint: BodyEndpoint, options: CorpusOptions): Pick<FuzzCase, 'prepare'> {
  const target = endpoint.rvOf;
  if (!target) return {};
  return {
    prepare: (c) => {
      const body = Buffer.isBuffer(c.body) ? c.body : Buffer.from(c.body ?? '');
      const at = body.indexOf(RV_PLACEHOLDER);
      if (at < 0) return c;
      const rv = Buffer.from(options.rvOf(target.plural, target.name));
      return { ...c, body: Buffer.concat([body.subarray(0, at), rv, body.subarray(at + RV_PLACEHOLDER.length)]) };
    },
  };
}

function caseFor(
  category: string,
  endpoint: BodyEndpoint,
  label: string,
  body: Buffer | string,
  options: CorpusOptions,
  headers: Record<string, string> = { 'Content-Type': endpoint.contentType },
): FuzzCase {
  return {
    category,
    label: `${endpoint.name}: ${label}`,
    method: endpoint.method,
    path: endpoint.path,
    headers,
    body,
    ...withRv(endpoint, options),
  };
}

export function bodyCorpus(rng: Rng, options: CorpusOptions): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const endpoint of bodyEndpoints()) {
    const valid = text(endpoint);
    const category = endpoint.format === 'yaml' ? 'malformed YAML bodies' : 'malformed JSON bodies';
    const mutations: Mutation[] = [...byteMutations, ...(endpoint.format === 'yaml' ? yamlMutations : jsonMutations)];
    cases.push(caseFor(category, endpoint, 'the valid body', valid, options));
    // Every mutation once, then the rest drawn at random.
    for (let i = 0; i < options.mutantsPerEndpoint; i++) {
      const mutation = i < mutations.length ? mutations[i]! : rng.pick(mutations);
      const mutant = mutation(rng, valid);
      cases.push(caseFor(category, endpoint, mutant.label, mutant.body, options));
    }
    // JSON is YAML too: a JSON endpoint that takes YAML gets its mutants as YAML as well.
    if (
      endpoint.format === 'json' &&
      endpoint.method !== 'DELETE' &&
      !endpoint.path.startsWith('/_mock/') &&
      endpoint.method !== 'PATCH'
    ) {
      const mutant = rng.pick(yamlMutations)(rng, stringify(endpoint.body));
      cases.push(
        caseFor('malformed YAML bodies', endpoint, `as YAML, ${mutant.label}`, mutant.body, options, {
          'Content-Type': 'application/yaml',
        }),
      );
    }
    const big = oversized(rng, valid);
    cases.push(caseFor('oversized bodies', endpoint, big.label, big.body, options));
    cases.push(
      caseFor('oversized bodies', endpoint, `${big.label}, chunked`, big.body, options, {
        'Content-Type': endpoint.contentType,
        'Transfer-Encoding': 'chunked',
      }),
    );
    cases.push(
      caseFor('oversized bodies', endpoint, 'Content-Length of 5 GiB, 2 bytes sent', '{}', options, {
        'Content-Type': endpoint.contentType,
        'Content-Length': String(5 * 1024 ** 3),
        Connection: 'close',
      }),
    );
    for (const type of CONTENT_TYPES) {
      const headers: Record<string, string> = type === undefined ? {} : { 'Content-Type': type };
      cases.push(
        caseFor(
          'unknown and missing content types',
          endpoint,
          `Content-Type ${JSON.stringify(type ?? '(none)').slice(0, 40)}`,
          valid,
          options,
          headers,
        ),
      );
    }
  }
  return cases;
}
