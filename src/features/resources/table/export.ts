/**
 * What a table exports: its rows (after filters, in the order shown) as CSV of the columns shown, or the whole
 * objects (read for it: the table holds rows) as a Kubernetes List in YAML or JSON. Loaded only when someone exports. The text is built a chunk of
 * rows at a time, yielding to the browser between chunks, so 50,000 rows never hold the tab for long.
 */
import { csvField } from '@/lib/csv.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import type { TableItem } from '@/shared/printer-columns.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { yamlSequence } from './yaml-emit.ts';

export interface CsvColumn {
  header: string;
  text: (item: TableItem) => string;
}

export type ExportFormat = 'csv' | 'yaml' | 'json';

/** Rows per chunk: a few milliseconds of work each. */
const CHUNK = 1_000;

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function inChunks<T>(items: readonly T[], each: (chunk: readonly T[]) => string): Promise<string[]> {
  const parts: string[] = [];
  for (let i = 0; i < items.length; i += CHUNK) {
    if (i > 0) await yieldToBrowser();
    parts.push(each(items.slice(i, i + CHUNK)));
  }
  return parts;
}

/** A header line, then one line per row: the name first, then `columns` in order; CRLF line ends. */
export async function toCsv(rows: readonly TableItem[], columns: readonly CsvColumn[]): Promise<string> {
  const line = (fields: string[]) => fields.map(csvField).join(',') + '\r\n';
  const header = line(['Name', ...columns.map((c) => c.header)]);
  const body = await inChunks(rows, (chunk) =>
    chunk.map((o) => line([o.metadata.name ?? '', ...columns.map((c) => c.text(o))])).join(''),
  );
  return header + body.join('');
}

/** Without metadata.managedFields, as kubectl prints objects unless asked for them. */
function readable(object: NodusObject): NodusObject {
  if (object.metadata.managedFields === undefined) return object;
  const { managedFields: _, ...metadata } = object.metadata;
  return { ...object, metadata };
}

/** The objects as `kubectl get -o yaml` prints several: a List. */
export async function toYamlList(rows: readonly NodusObject[]): Promise<string> {
  const head = 'apiVersion: v1\nkind: List\nmetadata:\n  resourceVersion: ""\n';
  if (rows.length === 0) return `${head}items: []\n`;
  // A block sequence may sit at its key's indentation, so each chunk is a sequence of its own, joined.
  const body = await inChunks(rows, (chunk) => yamlSequence(chunk.map(readable)));
  return `${head}items:\n${body.join('')}`;
}

export async function toJsonList(rows: readonly NodusObject[]): Promise<string> {
  const body = await inChunks(rows, (chunk) => chunk.map((o) => '    ' + JSON.stringify(readable(o))).join(',\n'));
  const items = body.length === 0 ? '[]' : `[\n${body.join(',\n')}\n  ]`;
  return `{\n  "apiVersion": "v1",\n  "kind": "List",\n  "metadata": { "resourceVersion": "" },\n  "items": ${items}\n}\n`;
}

const TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  yaml: 'application/yaml;charset=utf-8',
  json: 'application/json;charset=utf-8',
};

/** A file name safe on every system: the parts joined with `-`, anything odd replaced. */
export function exportFileName(parts: readonly string[], format: ExportFormat): string {
  const base = parts
    .filter((p) => p !== '')
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '_');
  return `${base}.${format}`;
}

export type ExportInput =
  | { format: 'csv'; rows: readonly TableItem[]; columns: readonly CsvColumn[] }
  | { format: 'yaml' | 'json'; objects: readonly NodusObject[] };

/** Builds the export in its format and downloads it; resolves once the download started. */
export async function exportRows(input: ExportInput, fileName: string): Promise<void> {
  const text =
    input.format === 'csv'
      ? await toCsv(input.rows, input.columns)
      : input.format === 'yaml'
        ? await toYamlList(input.objects)
        : await toJsonList(input.objects);
  saveBlob(new Blob([text], { type: TYPES[input.format] }), fileName);
}
