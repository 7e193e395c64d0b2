/** The usage API (`usage.nodus.dev/v1`): reports of spend over time, and the live burn rate that refreshes them. */
export * from './usage-report.ts';
export * from './use-live-spend.ts';
export * from './use-invalidate-on-change.ts';
