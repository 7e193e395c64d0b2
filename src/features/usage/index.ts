export {
  getUsageReport,
  usageKey,
  usageKeys,
  usagePath,
  usageQueryOptions,
  useUsageReport,
  type BudgetForecast,
  type SeriesKey,
  type TopSpender,
  type UsageQuery,
  type UsageReport,
  type UsageSeries,
} from './api/usage-report.ts';
export { CHARGED_PLURALS, useLiveSpend, type LiveSpend } from './api/use-live-spend.ts';
export { moneyOverTime, seriesId, seriesLabel, stepSeconds } from './model/report-series.ts';
export { CostPage } from './components/cost-page.tsx';
export type { CostHrefs } from './components/cost-hrefs.ts';
