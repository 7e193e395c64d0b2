/**
 * The text a new object starts from, built from the kind's schema: apiVersion, kind, a name, and in spec what
 * the schema requires (with its example values) plus the cost cap, so the person sees what they will pay for
 * before they review. Everything else is left to the server's defaults, which the review shows.
 */
import { stringify } from 'yaml';
import { presentationOf } from '@/kinds/index.ts';

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fields worth writing out even though they have a default: what the object may spend. */
const SUGGESTED = ['maxCostUSD', 'limitUSD'];

/** A value for a field of `schema`: its example, its default, its first enum value, or an empty one of its type. */
export function sampleValue(schema: Schema, depth = 0): unknown {
  const examples = schema.examples;
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return depth > 6 ? {} : sampleObject(schema, depth + 1, false);
    case 'array': {
      const items = isObject(schema.items) ? schema.items : undefined;
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return items && min > 0 ? [sampleValue(items, depth + 1)] : [];
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return '';
  }
}

function sampleObject(schema: Schema, depth: number, suggest: boolean): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : [];
  const out: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(properties)) {
    if (!isObject(child)) continue;
    const wanted = required.includes(name) || (suggest && SUGGESTED.includes(name) && hasSample(child));
    if (wanted) out[name] = sampleValue(child, depth);
  }
  return out;
}

function hasSample(schema: Schema): boolean {
  return schema.example !== undefined || schema.default !== undefined || Array.isArray(schema.examples);
}

export interface TemplateInput {
  apiVersion: string;
  kind: string;
  /** e.g. "job", for the suggested name. */
  singular: string;
  /** The kind's JSON schema from the API's OpenAPI document, when it has loaded. */
  schema: Schema | undefined;
  /** A short random suffix so two new objects do not collide by default. */
  suffix: string;
}

export function templateFor({ apiVersion, kind, singular, schema, suffix }: TemplateInput): string {
  const specSchema =
    isObject(schema?.properties) && isObject(schema.properties.spec) ? schema.properties.spec : undefined;
  let spec = specSchema ? sampleObject(specSchema, 0, true) : {};
  const command = presentationOf(kind).template?.command;
  if (command && isObject(specSchema?.properties) && specSchema.properties.command) {
    // The seed's order: image, command, then the cost cap.
    const { maxCostUSD, ...rest } = spec;
    spec = { ...rest, command, ...(maxCostUSD === undefined ? {} : { maxCostUSD }) };
  }
  const object = { apiVersion, kind, metadata: { name: `${singular}-${suffix}` }, spec };
  const header = `# Fields left out take the server's defaults: Review shows them, and the cost.\n`;
  // Flow style for short string lists (command: [python, train.py]) reads like the docs' examples.
  return (
    header +
    stringify(object, { lineWidth: 0, flowCollectionPadding: false, collectionStyle: 'any' }).replace(
      /\n {2}command:\n {4}- (\S+)\n {4}- (\S+)\n/,
      '\n  command: [$1, $2]\n',
    )
  );
}
