/**
 * The spec of an object: validated and defaulted from its kind's schema, checked across fields, compared with
 * what is stored (which fields differ, which of them may change after create).
 */
import type { StatusCause } from '@/shared/protocol.ts';
import { canonicalJson } from '../billing/pricing.ts';
import type { KindDef } from '../kinds/index.ts';
import { parseMoney } from '../money.ts';
import { mutablePaths, validate, type UnknownFieldMode } from '../schema/schema.ts';

export interface SpecContext {
  /** Whether a published image `nodus/<name>:<tag>` exists. */
  imageExists: (reference: string) => boolean;
  /** Whether a Volume of this name exists in the object's project. */
  volumeExists: (name: string) => boolean;
}

export interface SpecResult {
  spec: Record<string, unknown>;
  causes: StatusCause[];
  warnings: string[];
}

export function admitSpec(kind: KindDef, spec: unknown, mode: UnknownFieldMode, ctx: SpecContext): SpecResult {
  const input = spec === undefined || spec === null ? {} : spec;
  const { value, causes, warnings } = validate(kind.spec, input, 'spec', mode);
  const out = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  if (causes.length === 0) causes.push(...crossFieldChecks(kind, out, ctx));
  return { spec: out, causes, warnings };
}

function gpuCauses(resources: unknown, path: string): StatusCause[] {
  const gpu = (resources as { gpu?: { type?: string; count?: number } } | undefined)?.gpu;
  if (gpu && (gpu.count ?? 0) > 0 && !gpu.type) {
    return [
      {
        field: `${path}.gpu.type`,
        reason: 'FieldValueRequired',
        message: `is required when ${path}.gpu.count is ${gpu.count}`,
      },
    ];
  }
  return [];
}

function imageCauses(image: unknown, path: string, ctx: SpecContext): StatusCause[] {
  if (typeof image === 'string' && image.startsWith('nodus/') && !ctx.imageExists(image)) {
    return [
      {
        field: path,
        reason: 'FieldValueNotFound',
        message: `image "${image}" is not published; list them with: kubectl get images -n nodus`,
      },
    ];
  }
  return [];
}

function crossFieldChecks(kind: KindDef, spec: Record<string, unknown>, ctx: SpecContext): StatusCause[] {
  const causes: StatusCause[] = [];
  causes.push(...imageCauses(spec.image, 'spec.image', ctx));
  causes.push(...gpuCauses(spec.resources, 'spec.resources'));
  if (typeof spec.maxCostUSD === 'string' && parseMoney(spec.maxCostUSD) === 0n) {
    causes.push({ field: 'spec.maxCostUSD', reason: 'FieldValueInvalid', message: 'must be more than 0.00' });
  }
  const placement = spec.placement as { maxRateUSDPerHour?: string } | undefined;
  if (placement?.maxRateUSDPerHour !== undefined && parseMoney(placement.maxRateUSDPerHour) === 0n) {
    causes.push({
      field: 'spec.placement.maxRateUSDPerHour',
      reason: 'FieldValueInvalid',
      message: 'must be more than 0.00',
    });
  }
  if (kind.crossFieldCauses) causes.push(...kind.crossFieldCauses(spec));
  if (Array.isArray(spec.volumes)) {
    (spec.volumes as { name?: string }[]).forEach((v, i) => {
      if (v.name && !ctx.volumeExists(v.name)) {
        causes.push({
          field: `spec.volumes[${i}].name`,
          reason: 'FieldValueNotFound',
          message: `there is no Volume "${v.name}" in this project; create it first`,
        });
      }
    });
  }
  if (Array.isArray(spec.steps)) {
    const seen = new Set<string>();
    (spec.steps as { name?: string; image?: unknown; resources?: unknown }[]).forEach((step, i) => {
      if (step.name && seen.has(step.name))
        causes.push({
          field: `spec.steps[${i}].name`,
          reason: 'FieldValueDuplicate',
          message: `"${step.name}" is used by an earlier step`,
        });
      if (step.name) seen.add(step.name);
      causes.push(...imageCauses(step.image, `spec.steps[${i}].image`, ctx));
      causes.push(...gpuCauses(step.resources, `spec.steps[${i}].resources`));
    });
  }
  return causes;
}

/** Leaf paths and values; arrays are leaves, compared whole. */
export function flatten(value: unknown, path: string, out: Map<string, unknown> = new Map()): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) out.set(path, {});
    for (const [k, v] of entries) flatten(v, `${path}.${k}`, out);
  } else if (value !== undefined) out.set(path, value);
  return out;
}

export interface FieldDiff {
  field: string;
  before: unknown;
  after: unknown;
}

export function diffFields(before: unknown, after: unknown, root: string): FieldDiff[] {
  const a = flatten(before, root);
  const b = flatten(after, root);
  const diffs: FieldDiff[] = [];
  for (const field of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(field);
    const y = b.get(field);
    if (canonicalJson(x) !== canonicalJson(y)) diffs.push({ field, before: x, after: y });
  }
  return diffs.sort((p, q) => (p.field < q.field ? -1 : 1));
}

export function show(value: unknown): string {
  return value === undefined ? '(unset)' : JSON.stringify(value);
}

function compareAmounts(before: unknown, after: unknown): number | undefined {
  if (typeof before === 'number' && typeof after === 'number') return Math.sign(after - before);
  if (typeof before === 'string' && typeof after === 'string') {
    try {
      const d = parseMoney(after) - parseMoney(before);
      return d > 0n ? 1 : d < 0n ? -1 : 0;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** One cause per changed field that may not change (or may only be raised and was lowered). */
export function immutableCauses(
  kind: KindDef,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): StatusCause[] {
  const rules = mutablePaths(kind.spec, 'spec');
  const causes: StatusCause[] = [];
  for (const diff of diffFields(before, after, 'spec')) {
    const rule = rules.find((r) => diff.field === r.path || diff.field.startsWith(`${r.path}.`));
    if (!rule) {
      causes.push({
        field: diff.field,
        reason: 'FieldValueForbidden',
        message: `cannot change after create (from ${show(diff.before)} to ${show(diff.after)})`,
      });
    } else if (rule.rule === 'raise-only' && compareAmounts(diff.before, diff.after) !== 1) {
      causes.push({
        field: diff.field,
        reason: 'FieldValueForbidden',
        message: `can be raised, not lowered or removed (from ${show(diff.before)} to ${show(diff.after)})`,
      });
    }
  }
  return causes;
}
