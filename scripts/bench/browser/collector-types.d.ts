/** Types of what collector.js puts on `window`, for the page.evaluate calls of the browser scenarios. */
import type { CollectorConfig } from './page-object.ts';

interface CellChange {
  key: string;
  value: string;
  /** Epoch ms (the page's timeOrigin + now) of the paint that showed it. */
  at: number;
}

interface BenchCollector {
  now(): number;
  timeOrigin(): number;
  marks(): { firstRow?: number; firstRowPainted?: number; allListed?: number; allListedPainted?: number };
  frames(since?: number): number[];
  longTasks(since?: number): { start: number; duration: number }[];
  loafs(since?: number): { start: number; duration: number; blocking: number }[];
  supports(): { longtask: boolean; loaf: boolean };
  resources(pattern: string): { name: string; start: number; end: number }[];
  rowCount(): number;
  watchCells(keyHeader: string, valueHeader: string): string;
  cellChanges(): CellChange[];
  stopCells(): void;
  visibleCells(keyHeader: string, valueHeader: string): { key: string; value: string }[];
  armResponse(): string;
  response(): { inputAt: number | undefined; paintAt: number | undefined } | undefined;
  scrollThrough(steps: number): Promise<{ start: number; end: number; maxRows: number; range: number; scroller: string }>;
}

declare global {
  interface Window {
    __bench: BenchCollector;
    __benchConfig: CollectorConfig;
  }
}
