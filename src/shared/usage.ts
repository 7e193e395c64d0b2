/**
 * The usage API's group (`usage.nodus.dev/v1`) and the report it answers, as the wire has them: the mock builds
 * it (src/mock/usage) and the console reads it (src/data/usage). Amounts are decimal strings (money.ts).
 */
export const USAGE_GROUP = 'usage.nodus.dev';
export const USAGE_API_VERSION = `${USAGE_GROUP}/v1`;
/** A label's series for the objects that do not carry the label. */
export const NO_VALUE = '(none)';

/** A series' key: `{}` (everything), a kind, a label's value, an object, a project, or the rest summed. */
export interface SeriesKey {
  kind?: string;
  label?: { key: string; value: string };
  object?: { kind: string; name: string; uid: string };
  project?: string;
  others?: number;
}

export interface UsagePoint {
  start: string;
  costUSD: string;
}

export interface UsageSeries {
  key: SeriesKey;
  totalUSD: string;
  points: UsagePoint[];
}

export interface TopSpender {
  object: { kind: string; name: string; uid: string };
  project: string;
  createdBy?: string;
  costUSD: string;
  rateUSDPerHour: string;
  /** Deleted since: it has no page to open. */
  deleted?: boolean;
}

export interface BudgetForecast {
  name: string;
  uid: string;
  period: string;
  periodStart: string;
  periodEnd: string;
  limitUSD: string;
  spentUSD: string;
  forecastUSD: string;
}

export interface UsageReport {
  apiVersion: string;
  kind: 'UsageReport';
  metadata: { namespace?: string };
  spec: {
    window: string;
    start: string;
    end: string;
    step: string;
    groupBy: string;
    maxSeries: number;
    budget?: string;
    object?: string;
  };
  status: {
    asOf: string;
    totalUSD: string;
    burnRateUSDPerHour: string;
    series: UsageSeries[];
    top: TopSpender[];
    budget?: BudgetForecast;
  };
}
