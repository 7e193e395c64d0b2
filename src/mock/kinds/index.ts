/** The kinds the mock serves, in the order discovery lists them. */
import { budget } from './budget.ts';
import type { KindDef } from './common.ts';
import { fn } from './function.ts';
import { imageKind } from './image.ts';
import { job } from './job.ts';
import { pipeline } from './pipeline.ts';
import { sandbox } from './sandbox.ts';
import { volume } from './volume.ts';

export type { KindDef, Usage } from './common.ts';

export const KINDS: readonly KindDef[] = [job, sandbox, fn, volume, budget, pipeline, imageKind];

const byPlural = new Map(KINDS.map((k) => [k.plural, k]));

export function kindByPlural(plural: string): KindDef | undefined {
  return byPlural.get(plural);
}
