/**
 * A Pipeline's log: one banner per step, the step's output prefixed with its name, a verdict per step, and a
 * summary at the end. Each step gets a block of lines; the last step runs until the Pipeline stops.
 */
import { between, unit } from '../random.ts';
import { INFO, carriageReturnBar, dim, green, htmlSample, longLine, magenta, red, unicodeSample } from '../text.ts';
import { sigterm, str, type Ending, type Script, type Subject } from './script.ts';

interface Step {
  name: string;
  image: string;
}

export function pipelineScript(subject: Subject): Script {
  const { seed } = subject;
  const raw = Array.isArray(subject.spec.steps) ? (subject.spec.steps as Record<string, unknown>[]) : [];
  const steps: Step[] = raw.length
    ? raw.map((s, i) => ({ name: str(s.name, `step-${i + 1}`), image: str(s.image, 'image') }))
    : [{ name: 'main', image: 'image' }];
  const block = between(80, 160, unit(seed, 0, 90));

  const header = [
    dim(
      `[nodus] ${subject.kind} ${subject.namespace}/${subject.name}: ${steps.length} steps (${steps.map((s) => s.name).join(' → ')})`,
    ),
    `${INFO} plan: ${steps.map((s, i) => `${i + 1}. ${s.name} (${s.image})`).join('; ')}`,
    `${INFO} parameters: ${longLine('--eval-set=mmlu,gsm8k,humaneval --shard-ids=', seed, 0, 10_500)}`,
    `${INFO} report title: ${unicodeSample(unit(seed, 0, 91))} · ${htmlSample(0)}`,
  ];

  const line = (j: number): string => {
    const index = Math.min(steps.length - 1, Math.floor(j / block));
    const step = steps[index]!;
    const k = j - index * block;
    const tag = `[${step.name}]`;
    if (k === 0) return magenta(`━━━ Step ${index + 1}/${steps.length}: ${step.name} ━━━`) + dim(` ${step.image}`);
    if (k === 1)
      return dim(`[nodus] created Job ${subject.name}-${step.name} (owner: ${subject.kind} ${subject.name})`);
    if (k === block - 1 && index < steps.length - 1)
      return `${green(`✔ step ${step.name} succeeded`)} in ${Math.floor(block / 60)}m${String(block % 60).padStart(2, '0')}s`;
    const u = unit(seed, j, 92);
    if (u < 0.001) return `${tag} ${longLine('DEBUG shard ids', seed, j)}`;
    if (u < 0.01) return `${tag} ${INFO} item: ${unicodeSample(unit(seed, j, 93))}`;
    if (u < 0.015) return `${tag} ${INFO} item: ${htmlSample(unit(seed, j, 94))}`;
    if (k % 10 === 5) return `${tag} ${carriageReturnBar('Processing', 1000, 40 + unit(seed, j, 95) * 20, seed, j)}`;
    return `${tag} processed batch ${k} of ${step.name}: ${between(200, 4000, unit(seed, j, 96))} records, ${(unit(seed, j, 97) * 3).toFixed(2)}s`;
  };

  const farewell = (ending: Ending): string[] => {
    const mark = ending.phase === 'Succeeded' ? green('✔') : ending.phase === 'Failed' ? red('✖') : '■';
    return [...sigterm(ending), `${INFO} summary: ${steps.map((s) => `${s.name} ${mark}`).join(', ')}`];
  };

  return { header, rate: 1, line, farewell };
}
