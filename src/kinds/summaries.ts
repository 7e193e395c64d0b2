/**
 * The object page's spec summary of each kind: the facts a person asks first, in the order they ask. Kept out of
 * the registry's entries so that the table's bundle does not carry what only the object page shows; keyed by
 * KindName all the same, so a declared kind without a summary is a type error.
 */
import { formatRateUSD, formatUSD } from '../lib/format.ts';
import { isKindName, type KindName } from '../shared/kinds.ts';
import type { NodusObject } from '../shared/protocol.ts';
import {
  describeCommand,
  describePlacement,
  describeResources,
  describeValue,
  facts,
  formatSeconds,
  specFact,
  type Fact,
} from './spec-facts.ts';

const str = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
const usd = (value: unknown): string | undefined => (str(value) === undefined ? undefined : formatUSD(str(value)));
const rate = (value: unknown): string | undefined => (str(value) === undefined ? undefined : formatRateUSD(str(value)));

function volumes(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value
    .map(
      (v: { name?: unknown; mountPath?: unknown; readOnly?: unknown }) =>
        `${str(v.name) ?? '?'} → ${str(v.mountPath) ?? '?'}${v.readOnly === true ? ' (read-only)' : ''}`,
    )
    .join(', ');
}

function env(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const names = value.map((e: { name?: unknown }) => str(e.name)).filter(Boolean);
  return names.length <= 4 ? names.join(', ') : `${names.slice(0, 4).join(', ')} and ${names.length - 4} more`;
}

function ports(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value
    .map(
      (p: { port?: unknown; protocol?: unknown; public?: unknown }) =>
        `${str(p.port) ?? '?'}/${str(p.protocol) ?? 'HTTP'}${p.public === true ? ' public' : ''}`,
    )
    .join(', ');
}

/** What every billable kind reports about its run. */
function runFacts(o: NodusObject): (Fact | { label: string; value: string | undefined; time?: boolean })[] {
  const s = o.status ?? {};
  return [
    { label: 'Rate', value: rate(s.rateUSDPerHour) },
    { label: 'Started', value: str(s.startTime), time: true },
    { label: 'Finished', value: str(s.completionTime), time: true },
    { label: 'Time running', value: s.activeSeconds ? formatSeconds(s.activeSeconds) : undefined },
  ];
}

export function jobFacts(o: NodusObject): Fact[] {
  const spec = o.spec ?? {};
  return facts(
    { label: 'Image', value: str(spec.image), mono: true },
    { label: 'Command', value: describeCommand(spec.command, spec.args), mono: true },
    { label: 'Working dir', value: str(spec.workingDir), mono: true },
    { label: 'Resources', value: describeResources(spec.resources) },
    { label: 'Timeout', value: formatSeconds(spec.timeoutSeconds) },
    { label: 'Retries', value: str(spec.retries) },
    { label: 'Placement', value: describePlacement(spec.placement) },
    { label: 'Volumes', value: volumes(spec.volumes), mono: true },
    { label: 'Environment', value: env(spec.env), mono: true },
    ...runFacts(o),
  );
}

export function pipelineFacts(o: NodusObject): Fact[] {
  const spec = o.spec ?? {};
  const steps = Array.isArray(spec.steps) ? spec.steps : [];
  const s = o.status ?? {};
  return facts(
    { label: 'Steps', value: steps.map((step: { name?: unknown }) => str(step.name) ?? '?').join(' → '), mono: true },
    { label: 'Current step', value: str(s.currentStep), mono: true },
    {
      label: 'Completed',
      value: typeof s.completedSteps === 'number' ? `${s.completedSteps} of ${steps.length} steps` : undefined,
    },
    { label: 'Placement', value: describePlacement(spec.placement) },
    ...runFacts(o),
  );
}

export function sandboxFacts(o: NodusObject): Fact[] {
  const spec = o.spec ?? {};
  return facts(
    { label: 'Image', value: str(spec.image), mono: true },
    { label: 'Command', value: describeCommand(spec.command), mono: true },
    { label: 'Resources', value: describeResources(spec.resources) },
    { label: 'Ports', value: ports(spec.ports), mono: true },
    { label: 'URL', value: str(o.status?.url), mono: true },
    { label: 'Idle timeout', value: spec.idleTimeoutSeconds === 0 ? 'never' : formatSeconds(spec.idleTimeoutSeconds) },
    { label: 'Timeout', value: formatSeconds(spec.timeoutSeconds) },
    { label: 'Placement', value: describePlacement(spec.placement) },
    { label: 'Volumes', value: volumes(spec.volumes), mono: true },
    ...runFacts(o),
  );
}

export function functionFacts(o: NodusObject): Fact[] {
  const spec = o.spec ?? {};
  const replicas = `${str(o.status?.replicas) ?? '0'} running (${str(spec.minReplicas) ?? '0'}–${str(spec.maxReplicas) ?? '?'})`;
  return facts(
    { label: 'Image', value: str(spec.image), mono: true },
    { label: 'Handler', value: str(spec.handler), mono: true },
    { label: 'Replicas', value: replicas },
    {
      label: 'Concurrency',
      value: str(spec.concurrency) === undefined ? undefined : `${str(spec.concurrency)!} requests per replica`,
    },
    { label: 'Request timeout', value: formatSeconds(spec.timeoutSeconds) },
    { label: 'Resources', value: describeResources(spec.resources) },
    { label: 'URL', value: str(o.status?.url), mono: true },
    { label: 'Placement', value: describePlacement(spec.placement) },
    ...runFacts(o),
  );
}

export function volumeFacts(o: NodusObject): Fact[] {
  const spec = o.spec ?? {};
  const used = str(o.status?.usedGiB);
  return facts(
    {
      label: 'Size',
      value:
        str(spec.sizeGiB) === undefined ? undefined : `${str(spec.sizeGiB)!} GiB${used ? ` (${used} GiB used)` : ''}`,
    },
    { label: 'Class', value: str(spec.storageClass) },
    { label: 'Access', value: str(spec.accessMode) },
    { label: 'Region', value: str(spec.region) },
    { label: 'Rate', value: rate(o.status?.rateUSDPerHour) },
  );
}

export function budgetFacts(o: NodusObject): Fact[] {
  const spec = o.spec ?? {};
  const s = o.status ?? {};
  const selector = (spec.selector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels;
  const thresholds = Array.isArray(spec.alertThresholds)
    ? spec.alertThresholds.map((t) => `${String(t)} %`).join(', ')
    : undefined;
  return facts(
    { label: 'Limit', value: usd(spec.limitUSD) },
    { label: 'Spent', value: usd(s.spentUSD) },
    { label: 'Remaining', value: usd(s.remainingUSD) },
    { label: 'Period', value: str(spec.period) },
    { label: 'Period began', value: str(s.periodStart), time: true },
    {
      label: 'Enforcement',
      value:
        spec.enforcement === 'Alert'
          ? 'Alert (warns, never blocks)'
          : spec.enforcement === 'Block'
            ? 'Block (refuses launches that would go over)'
            : undefined,
    },
    { label: 'Alerts at', value: thresholds },
    {
      label: 'Covers',
      value:
        selector && Object.keys(selector).length
          ? Object.entries(selector)
              .map(([k, v]) => `${k}=${v}`)
              .join(', ')
          : 'the whole project',
      mono: !!selector,
    },
  );
}

export function imageFacts(o: NodusObject): Fact[] {
  const spec = o.spec ?? {};
  return facts(
    {
      label: 'Reference',
      value:
        spec.repository === undefined
          ? undefined
          : `${o.metadata.namespace ?? 'nodus'}/${str(spec.repository) ?? ''}:${str(spec.tag) ?? ''}`,
      mono: true,
    },
    { label: 'Description', value: str(spec.description) },
    { label: 'Python', value: str(spec.python) },
    { label: 'CUDA', value: str(spec.cuda) },
    { label: 'Size', value: str(spec.sizeGiB) === undefined ? undefined : `${str(spec.sizeGiB)!} GiB` },
    {
      label: 'Architectures',
      value: Array.isArray(spec.architectures) ? describeValue(spec.architectures) : undefined,
    },
    { label: 'Digest', value: str(spec.digest), mono: true },
  );
}

const SUMMARIES: Record<KindName, (object: NodusObject) => Fact[]> = {
  Job: jobFacts,
  Sandbox: sandboxFacts,
  Function: functionFacts,
  Volume: volumeFacts,
  Budget: budgetFacts,
  Pipeline: pipelineFacts,
  Image: imageFacts,
};

/** A kind only discovery knows: what its spec says, one fact per plain field. */
function genericSummary(object: NodusObject): Fact[] {
  return Object.entries(object.spec ?? {})
    .slice(0, 14)
    .map(([key, value]) => specFact(key, value));
}

/** The summary of a kind: its own, or the generic one only for a kind the spec does not declare. */
export function summaryOf(kind: string): (object: NodusObject) => Fact[] {
  return isKindName(kind) ? SUMMARIES[kind] : genericSummary;
}
