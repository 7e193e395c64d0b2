/**
 * The whole object as YAML, read-only, as the watch has it now: a <pre> coloured by a light reading of the YAML
 * (model/yaml-tokens.ts), so the tab does not load Monaco, which is the Edit tab's. Text only: what the API sent
 * is never markup, and what is selected or copied is the plain YAML.
 */
import { useMemo } from 'react';
import { stringify } from 'yaml';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { saveBlob } from '@/lib/save-blob.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { yamlLines, type YamlTokenKind } from '../model/yaml-tokens.ts';

/** Without metadata.managedFields, as kubectl shows it: who set which field is the Details card's, in short. */
export function readableObject(object: NodusObject): NodusObject {
  const { managedFields: _managed, ...metadata } = object.metadata;
  return { ...object, metadata };
}

/** `job-team-a-train-1.yaml`: kind, project and name, anything a file system could mind replaced. */
export function yamlFileName(object: NodusObject): string {
  const parts = [object.kind?.toLowerCase() ?? 'object', object.metadata.namespace ?? '', object.metadata.name ?? ''];
  return `${parts
    .filter((p) => p !== '')
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '_')}.yaml`;
}

/** The editor's palette on the dark card: keys, strings, numbers, literals (true, null) and punctuation apart. */
const COLOUR: Record<YamlTokenKind, string | undefined> = {
  key: 'text-sky-300',
  string: 'text-emerald-300',
  number: 'text-amber-300',
  literal: 'text-fuchsia-300',
  punct: 'text-slate-500',
  comment: 'text-slate-500 italic',
  plain: undefined,
};

export function YamlView({ object, deleted }: { object: NodusObject; deleted: boolean }) {
  const text = useMemo(
    () => stringify(readableObject(object), { lineWidth: 0, aliasDuplicateObjects: false }),
    [object],
  );
  const lines = text.split('\n').length - 1;
  const tokens = useMemo(() => yamlLines(text), [text]);
  return (
    <section aria-label="YAML" className="overflow-hidden rounded-lg border border-slate-800 bg-slate-900 shadow-sm">
      <header className="flex items-center justify-between gap-3 border-b border-slate-800 bg-slate-950/40 px-4 py-2">
        <p className="text-xs text-slate-400">
          {deleted ? 'Its last state before it was deleted' : 'As the API has it now; updates live'} · {lines} lines ·
          resourceVersion <span className="font-mono text-slate-300">{object.metadata.resourceVersion}</span>
        </p>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => saveBlob(new Blob([text], { type: 'application/yaml;charset=utf-8' }), yamlFileName(object))}
            className="inline-flex h-7 items-center rounded-md border border-slate-700 bg-slate-800 px-2.5 text-xs font-medium text-slate-200 hover:bg-slate-700 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
          >
            Download YAML
          </button>
          <CopyButton
            value={text}
            label="Copy YAML"
            className="border-slate-700 bg-slate-800 text-slate-200 hover:bg-slate-700 hover:text-white"
          />
        </div>
      </header>
      {/* Focusable: a keyboard user scrolls a long YAML with the arrow keys. */}
      <pre
        data-testid="object-yaml"
        tabIndex={0}
        className="max-h-[70vh] overflow-auto p-4 focus-visible:outline-2 focus-visible:outline-indigo-400 font-mono text-xs leading-relaxed text-slate-200"
      >
        <bdi>
          {tokens.map((line, i) => (
            // The lines never reorder: the index is their identity.
            <span key={i} data-line="">
              {line.map((t, j) =>
                COLOUR[t.kind] ? (
                  <span key={j} data-token={t.kind} className={COLOUR[t.kind]}>
                    {t.text}
                  </span>
                ) : (
                  t.text
                ),
              )}
              {i < tokens.length - 1 ? '\n' : null}
            </span>
          ))}
        </bdi>
      </pre>
    </section>
  );
}
