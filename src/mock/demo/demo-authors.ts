/**
 * Who made each demo object: the people and bots of the demo's history (demo-runs.ts), so that an object's
 * created-by label, the usage report's top spenders and the object's events tell the same story.
 */
import { DEFAULT_PROJECT } from '@/shared/protocol.ts';

/** Bots create through the API; people through the console, or the CLI for Functions. */
const BOTS = new Set(['scheduler', 'ci-bot']);

const CREATORS: Record<string, { default: string; objects?: Record<string, string> }> = {
  [DEFAULT_PROJECT]: { default: 'demo-user', objects: { 'etl-nightly': 'scheduler', dev: 'ana' } },
  nlp: {
    default: 'ana',
    objects: { 'eval-mmlu': 'raj', 'sweep-lr-3': 'raj', 'sweep-lr-4': 'raj', 'nightly-eval': 'scheduler' },
  },
  vision: { default: 'kim', objects: { 'old-baseline': 'lee', classify: 'lee' } },
  platform: { default: 'ci-bot', objects: { 'platform-monthly': 'demo-user' } },
};

export interface Author {
  /** The nodus.dev/created-by label, and the actor of the object's Created event. */
  createdBy: string;
  /** The nodus.dev/launched-by label. */
  launchedBy: 'api' | 'cli' | 'console';
}

export function authorOf(project: string, name: string, plural: string): Author {
  const people = CREATORS[project];
  const createdBy = people?.objects?.[name] ?? people?.default ?? 'demo-user';
  const launchedBy = BOTS.has(createdBy) ? 'api' : plural === 'functions' ? 'cli' : 'console';
  return { createdBy, launchedBy };
}
