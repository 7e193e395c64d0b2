/** The live burn rate lives in the data layer (src/data/usage), shared with the object page. */
export * from '@/data/usage/use-live-spend.ts';
