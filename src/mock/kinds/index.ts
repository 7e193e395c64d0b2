/** The kinds the mock serves, in the order discovery lists them (the order of KIND_NAMES). */
import { KIND_NAMES, type KindName } from '@/shared/kinds.ts';
import { budget } from './budget.ts';
import type { KindDef } from './common.ts';
import { fn } from './function.ts';
import { imageKind } from './image.ts';
import { job } from './job.ts';
import { pipeline } from './pipeline.ts';
import { sandbox } from './sandbox.ts';
import { volume } from './volume.ts';

export type { KindDef, Usage } from './common.ts';

// Keyed by kind so that a kind the spec declares but the mock does not define is a type error.
const DEFS: Record<KindName, KindDef> = {
  Job: job,
  Sandbox: sandbox,
  Function: fn,
  Volume: volume,
  Budget: budget,
  Pipeline: pipeline,
  Image: imageKind,
};

export const KIND_DEFS: readonly KindDef[] = KIND_NAMES.map((name) => DEFS[name]);

const byPlural = new Map(KIND_DEFS.map((k) => [k.plural, k]));

export function kindByPlural(plural: string): KindDef | undefined {
  return byPlural.get(plural);
}

export function kindDef(name: KindName): KindDef {
  return DEFS[name];
}
