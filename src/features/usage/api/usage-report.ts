/** The usage API's report and its hooks live in the data layer (src/data/usage), shared with the object page. */
export * from '@/data/usage/usage-report.ts';
