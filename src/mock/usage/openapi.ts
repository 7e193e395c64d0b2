/**
 * The usage group's OpenAPI v3 document: the report's schema (what `kubectl explain usage` shows) and its two
 * paths with their parameters. Written by hand from the same facts the report is built from (query.ts, report.ts).
 */
import { RETENTION_DAYS } from '../ledger/ledger.ts';
import type { Schema } from '../schema/schema.ts';
import { DEFAULT_SERIES, MAX_POINTS, MAX_SERIES } from './query.ts';
import { NO_VALUE, USAGE_API_VERSION, USAGE_GROUP } from '@/shared/usage.ts';

const SCHEMA = 'dev.nodus.usage.v1.UsageReport';
const money = (description: string): Schema => ({ type: 'string', pattern: '^\\d+(\\.\\d{1,4})?$', description });
const text = (description: string): Schema => ({ type: 'string', description });
const time = (description: string): Schema => ({ type: 'string', format: 'date-time', description });
const objectRef: Schema = {
  type: 'object',
  description: 'An object, by kind, name and uid (it may have been deleted since).',
  properties: { kind: text('Its kind.'), name: text('Its name.'), uid: text('Its uid.') },
};

const report: Schema = {
  type: 'object',
  description:
    'Spend over a window, computed from the ledger of charges on each GET: series of points per step, grouped; the burn rate now; the top spenders.',
  properties: {
    apiVersion: { type: 'string', enum: [USAGE_API_VERSION], description: `Always ${USAGE_API_VERSION}.` },
    kind: { type: 'string', enum: ['UsageReport'], description: 'Always UsageReport.' },
    metadata: { type: 'object', properties: { namespace: text('The project; absent across all projects.') } },
    spec: {
      type: 'object',
      description: 'The query as it was read.',
      properties: {
        window: text('The window as sent: a length (24h, 7d, 30d) or <start>/<end>.'),
        start: time('Where the first step begins.'),
        end: time('Where the last step ends (exclusive).'),
        step: text('The length of each point: 1h, 2h, 3h, 4h, 6h, 8h, 12h, 1d or 7d.'),
        groupBy: text('none, kind, label:<key>, object or project.'),
        maxSeries: { type: 'integer', description: 'The most series returned; the rest are summed into one.' },
        budget: text('Only the charges that counted against this Budget.'),
        object: text('Only the charges of this object (<kind>/<name>), or of its Jobs for a Pipeline.'),
      },
    },
    status: {
      type: 'object',
      properties: {
        asOf: time('When the report was made.'),
        totalUSD: money('Spent in the window.'),
        burnRateUSDPerHour: money('The hourly rates of what runs now, among the objects the report covers.'),
        series: {
          type: 'array',
          description: 'One per group, most spent first.',
          items: {
            type: 'object',
            properties: {
              key: {
                type: 'object',
                description: `What the series' charges have in common: {} (none), kind, label {key, value} (value ${NO_VALUE} for objects without it), object, project, or others (how many series were summed).`,
                'x-kubernetes-preserve-unknown-fields': true,
              },
              totalUSD: money('The sum of the points.'),
              points: {
                type: 'array',
                description: 'One per step, zeros included.',
                items: {
                  type: 'object',
                  properties: { start: time('Where the step begins.'), costUSD: money('Spent in the step.') },
                },
              },
            },
          },
        },
        top: {
          type: 'array',
          description: 'The 10 objects that spent most in the window.',
          items: {
            type: 'object',
            properties: {
              object: objectRef,
              project: text('Its project.'),
              createdBy: text('Who created it (the label nodus.dev/created-by).'),
              costUSD: money('Spent in the window.'),
              rateUSDPerHour: money('Its hourly rate now; 0.00 when it is not running.'),
              deleted: {
                type: 'boolean',
                description: 'true when the object has been deleted since; absent otherwise.',
              },
            },
          },
        },
        budget: {
          type: 'object',
          description: 'With budget=: the Budget and its current period.',
          properties: {
            name: text('The Budget.'),
            uid: text('Its uid.'),
            period: text('Daily, Weekly or Monthly.'),
            periodStart: time('When the current period began.'),
            periodEnd: time('When it ends.'),
            limitUSD: money('Its limit per period.'),
            spentUSD: money("Charged in the current period: equal to the Budget's status.spentUSD."),
            forecastUSD: money('What it will have spent at the end of the period if what runs now keeps running.'),
          },
        },
      },
    },
  },
  'x-kubernetes-group-version-kind': [{ group: USAGE_GROUP, version: 'v1', kind: 'UsageReport' }],
};

function parameters() {
  const param = (name: string, description: string) => ({ name, in: 'query', description, schema: { type: 'string' } });
  return [
    param('window', `24h, 7d, 30d (up to ${RETENTION_DAYS}d), or <RFC 3339 start>/<RFC 3339 end>. Default 30d.`),
    param(
      'step',
      `1h, 2h, 3h, 4h, 6h, 8h, 12h, 1d or 7d; at most ${MAX_POINTS} points. Default 1h up to 2 days, else 1d.`,
    ),
    param('groupBy', 'none (default), kind, label:<key>, object, or project (all projects only).'),
    param('budget', 'The name of a Budget in the project.'),
    param('object', '<kind>/<name> of an object in the project.'),
    param('maxSeries', `1 to ${MAX_SERIES}; default ${DEFAULT_SERIES}.`),
  ];
}

export function usageOpenApi() {
  const ok = {
    description: 'OK',
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${SCHEMA}` } } },
  };
  const get = (operationId: string) => ({
    operationId,
    parameters: parameters(),
    responses: { 200: ok },
    'x-kubernetes-action': 'get',
    'x-kubernetes-group-version-kind': { group: USAGE_GROUP, version: 'v1', kind: 'UsageReport' },
  });
  return {
    openapi: '3.0.0',
    info: { title: 'Nodus usage', version: 'v1', description: 'Spend over time, from the ledger of charges.' },
    paths: {
      [`/apis/${USAGE_API_VERSION}/namespaces/{namespace}/usage`]: {
        parameters: [{ name: 'namespace', in: 'path', required: true, schema: { type: 'string' } }],
        get: get('readNamespacedUsageReport'),
      },
      [`/apis/${USAGE_API_VERSION}/usage`]: { get: get('readUsageReport') },
    },
    components: { schemas: { [SCHEMA]: report } },
  };
}
