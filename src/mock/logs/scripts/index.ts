/** The log script of each kind that runs, keyed by kind so that a kind without an entry fails to compile. */
import { isKindName, type KindName } from '@/shared/kinds.ts';
import { functionScript } from './function.ts';
import { jobScript } from './job.ts';
import { pipelineScript } from './pipeline.ts';
import { sandboxScript } from './sandbox.ts';
import type { Script, Subject } from './script.ts';

export type { Ending, Script, Subject } from './script.ts';
export { lastWords } from './script.ts';

// Kinds without a log (the facts' `logs: false`) have none.
const SCRIPTS: Record<KindName, ((subject: Subject) => Script) | undefined> = {
  Job: jobScript,
  Sandbox: sandboxScript,
  Function: functionScript,
  Volume: undefined,
  Budget: undefined,
  Pipeline: pipelineScript,
  Image: undefined,
};

/** A kind without a script of its own (a kind added later) logs like a Job. */
export function scriptFor(subject: Subject): Script {
  return ((isKindName(subject.kind) ? SCRIPTS[subject.kind] : undefined) ?? jobScript)(subject);
}
