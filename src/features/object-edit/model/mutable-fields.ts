/**
 * Which spec fields may change after create, read from the kind's schema (`x-nodus-mutable` in the API's
 * OpenAPI): what the FieldImmutable explanation offers as the fields a person can still edit in place.
 */

export interface MutableField {
  path: string;
  rule: 'any' | 'raise-only';
}

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function mutableFields(kindSchema: Schema | undefined): MutableField[] {
  const spec = isSchema(kindSchema?.properties) ? (kindSchema.properties as Schema).spec : undefined;
  const out: MutableField[] = [];
  const walk = (schema: unknown, path: string) => {
    if (!isSchema(schema)) return;
    const rule = schema['x-nodus-mutable'];
    if (rule === 'any' || rule === 'raise-only') {
      out.push({ path, rule });
      return;
    }
    if (isSchema(schema.properties))
      for (const [key, child] of Object.entries(schema.properties)) walk(child, `${path}.${key}`);
  };
  walk(spec, 'spec');
  return out;
}
