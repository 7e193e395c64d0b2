/**
 * The checks a draft passes before anything is sent: it parses as one YAML document holding one object of the
 * page's kind and API version, with a valid name. Each problem carries its line and column (markers and the
 * inline list); nothing is sent while any error is left. The server still checks everything else (schema,
 * images, budgets) on Review.
 */
import { isMap, parseDocument } from 'yaml';
import { locateField, yamlProblems } from '@/components/code-editor/yaml-locate.ts';
import type { TextMarker } from '@/components/code-editor/yaml-markers.ts';

export interface DraftProblem extends TextMarker {
  /** The field the problem is about, when there is one. */
  field?: string;
  severity: 'error' | 'warning';
}

export interface CheckedDraft {
  /** The object to send, when the text is one object (even if it has problems). */
  object: Record<string, unknown> | undefined;
  problems: DraftProblem[];
  /** True when nothing blocks sending. */
  ok: boolean;
}

/** A DNS-1123 label, as metadata.name must be (at most 63 characters). */
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export function nameProblem(name: string): string | undefined {
  if (name.length > 63) return `"${name}" is ${name.length} characters long; a name has at most 63`;
  if (!DNS_LABEL.test(name)) {
    return `"${name}" is not a valid name: lower-case letters, digits and "-", starting and ending with a letter or digit`;
  }
  return undefined;
}

export interface ExpectedKind {
  apiVersion: string;
  kind: string;
  project: string;
}

export function checkDraft(text: string, expected: ExpectedKind): CheckedDraft {
  const problems: DraftProblem[] = yamlProblems(text).map((p) => ({ ...p, source: `YAML ${p.code}` }));
  const syntaxBlocked = problems.some((p) => p.severity === 'error');
  if (syntaxBlocked) return { object: undefined, problems, ok: false };

  const doc = parseDocument(text);
  if (!isMap(doc.contents)) {
    problems.push({
      startLineNumber: 1,
      startColumn: 1,
      endLineNumber: 1,
      endColumn: 2,
      message: `Write one ${expected.kind} as a YAML mapping (apiVersion, kind, metadata, spec)`,
      severity: 'error',
      source: 'console',
    });
    return { object: undefined, problems, ok: false };
  }
  const object = doc.toJS({ maxAliasCount: 100 }) as Record<string, unknown>;
  const at = (field: string, message: string, severity: DraftProblem['severity'] = 'error') => {
    const range = locateField(text, field);
    problems.push({
      startLineNumber: range.startLineNumber,
      startColumn: range.startColumn,
      endLineNumber: range.endLineNumber,
      endColumn: range.endColumn,
      message,
      severity,
      field,
      source: 'console',
    });
  };

  if (object.apiVersion === undefined) at('apiVersion', `apiVersion is missing: it must be ${expected.apiVersion}`);
  else if (object.apiVersion !== expected.apiVersion)
    at('apiVersion', `apiVersion is ${JSON.stringify(object.apiVersion)}; it must be ${expected.apiVersion}`);
  if (object.kind === undefined) at('kind', `kind is missing: this editor creates a ${expected.kind}`);
  else if (object.kind !== expected.kind)
    at(
      'kind',
      `kind is ${JSON.stringify(object.kind)}, but this editor creates a ${expected.kind}; open the ${String(object.kind)} editor for that`,
    );

  const metadata = object.metadata;
  if (metadata === undefined || metadata === null)
    at('metadata', 'metadata is missing: give the object a name (metadata.name)');
  else if (typeof metadata !== 'object' || Array.isArray(metadata))
    at('metadata', 'metadata must be a mapping with at least a name');
  else {
    const meta = metadata as Record<string, unknown>;
    const name = meta.name;
    const generateName = meta.generateName;
    if (name === undefined || name === null || name === '') {
      if (typeof generateName !== 'string' || generateName === '')
        at('metadata.name', 'metadata.name is missing: give the object a name such as train-b');
    } else if (typeof name !== 'string') at('metadata.name', `metadata.name must be a string, not ${typeof name}`);
    else {
      const why = nameProblem(name);
      if (why) at('metadata.name', why);
    }
    if (meta.namespace !== undefined && meta.namespace !== expected.project) {
      at(
        'metadata.namespace',
        `metadata.namespace is ${JSON.stringify(meta.namespace)}, but this editor creates in project ${expected.project}; remove it or switch projects`,
      );
    }
    for (const owned of [
      'uid',
      'resourceVersion',
      'creationTimestamp',
      'deletionTimestamp',
      'generation',
      'managedFields',
    ]) {
      if (meta[owned] !== undefined)
        at(`metadata.${owned}`, `metadata.${owned} is set by the server; it is ignored on create`, 'warning');
    }
  }
  if (object.status !== undefined) at('status', 'status is written by the server; it is ignored on create', 'warning');
  if (
    object.spec !== undefined &&
    (typeof object.spec !== 'object' || object.spec === null || Array.isArray(object.spec))
  )
    at('spec', 'spec must be a mapping');

  return { object, problems, ok: !problems.some((p) => p.severity === 'error') };
}

/** The object as sent: server-owned fields dropped, the project filled in. */
export function bodyToSend(object: Record<string, unknown>, project: string): Record<string, unknown> {
  const { status: _status, ...rest } = object;
  const meta = { ...((rest.metadata ?? {}) as Record<string, unknown>) };
  for (const owned of [
    'uid',
    'resourceVersion',
    'creationTimestamp',
    'deletionTimestamp',
    'generation',
    'managedFields',
  ])
    delete meta[owned];
  meta.namespace = project;
  return { ...rest, metadata: meta };
}

/** The draft with another metadata.name, keeping its comments and layout. */
export function renameDraft(text: string, name: string): string {
  const doc = parseDocument(text);
  doc.setIn(['metadata', 'name'], name);
  return doc.toString({ lineWidth: 0 });
}
