export { HealthIndicator } from './components/health-indicator.tsx';
export { describeHealth, healthLevel, readinessQueryOptions, useHealth } from './api/get-readiness.ts';
export type { Health, HealthLevel } from './api/get-readiness.ts';
