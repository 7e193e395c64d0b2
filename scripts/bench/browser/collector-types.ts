/**
 * Types of what collector.js puts on `window`, for the page.evaluate calls of the browser scenarios. Not a global
 * declaration, so that the console's own code never sees a `window.__bench`: calls cast `window` to BenchWindow.
 */

export interface CellChange {
  key: string;
  value: string;
  /** Epoch ms (the page's timeOrigin + now) of the paint that showed it. */
  at: number;
}

/** A draw of a chart (its `nodus:chart-drawn` mark) and the paint of the frame after it, on the page's clock. */
export interface ChartDraw {
  at: number;
  paintedAt: number | undefined;
}

/** A new text of a watched figure, when the page wrote it and when the frame after it was painted. */
export interface FigureChange {
  text: string | undefined;
  at: number;
  paintedAt: number | undefined;
}

export interface BenchCollector {
  now(): number;
  timeOrigin(): number;
  marks(): { firstRow?: number; firstRowPainted?: number; allListed?: number; allListedPainted?: number };
  frames(since?: number): number[];
  longTasks(since?: number): { start: number; duration: number }[];
  loafs(since?: number): { start: number; duration: number; blocking: number; scripts: string[] }[];
  supports(): { longtask: boolean; loaf: boolean };
  resources(
    pattern: string,
  ): { name: string; start: number; end: number; requestStart: number; responseStart: number }[];
  rowCount(): number;
  chartDraws(since?: number): ChartDraw[];
  /** Starts watching; returns the figure's text now (undefined when it is not on the page). */
  watchFigure(selector: string): string | undefined;
  figureChanges(): FigureChange[];
  stopFigure(): void;
  watchCells(keyHeader: string, valueHeader: string): string;
  cellChanges(): CellChange[];
  stopCells(): void;
  visibleCells(keyHeader: string, valueHeader: string): { key: string; value: string }[];
  armResponse(): string;
  response(): { inputAt: number | undefined; paintAt: number | undefined } | undefined;
  scrollThrough(
    steps: number,
  ): Promise<{ start: number; end: number; maxRows: number; range: number; scroller: string }>;
}

export interface BenchWindow {
  __bench: BenchCollector;
}
