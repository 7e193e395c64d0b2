/** The log script of each kind that runs. */
import { functionScript } from './function.ts';
import { jobScript } from './job.ts';
import { pipelineScript } from './pipeline.ts';
import { sandboxScript } from './sandbox.ts';
import type { Script, Subject } from './script.ts';

export type { Ending, Script, Subject } from './script.ts';
export { lastWords } from './script.ts';

const SCRIPTS: Record<string, (subject: Subject) => Script> = {
  Job: jobScript,
  Sandbox: sandboxScript,
  Function: functionScript,
  Pipeline: pipelineScript,
};

/** A kind without a script of its own (a kind added later) logs like a Job. */
export function scriptFor(subject: Subject): Script {
  return (SCRIPTS[subject.kind] ?? jobScript)(subject);
}
