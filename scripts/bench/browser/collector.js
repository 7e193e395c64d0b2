/**
 * The benchmark's in-page collector, injected before the console's own scripts (page.addInitScript). Plain browser
 * JavaScript read as text, so that no Node-side transform (tsx adds helpers such as __name) reaches the page.
 * It records, on the page's own clock:
 * - every requestAnimationFrame time (frame intervals; unless `frames: false`), Long Tasks and Long Animation
 *   Frames;
 * - milestones of opening a table: the first data row in the DOM, and the listed count reaching the expected
 *   number, each with the time the frame that showed it was painted;
 * - for the churn scenario, each change of a watched cell with the time it was painted;
 * - for sort and filter, the time from a click or key to the painted table;
 * - for the Cost view, each `nodus:chart-drawn` mark (a chart drew) and each change of a figure's text, with the
 *   time the frame after it was painted.
 * Selectors come from the page object (page-object.ts) through window.__benchConfig.
 */
(() => {
  const config = window.__benchConfig || {};
  const MAX_FRAMES = 200000;
  const frames = [];
  const longTasks = [];
  const loafs = [];
  const marks = {};

  /** Calls back with the time just after the next frame is painted (a message posted from rAF runs after paint). */
  const afterPaint = (callback) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => callback(performance.now());
      channel.port2.postMessage(0);
    });
  };

  const tick = (time) => {
    if (frames.length < MAX_FRAMES) frames.push(time);
    requestAnimationFrame(tick);
  };
  if (config.frames !== false) requestAnimationFrame(tick);

  const observe = (type, into, map) => {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) into.push(map(entry));
      }).observe({ type, buffered: true });
    } catch {
      // An entry type this Chromium does not know: its list stays empty, and the report says how many it saw.
    }
  };
  observe('longtask', longTasks, (e) => ({ start: e.startTime, duration: e.duration }));
  // What ran in a long frame, for the report to name: each script over 5 ms, by what called it and where it is.
  const scriptsOf = (e) =>
    (e.scripts || [])
      .filter((s) => s.duration > 5)
      .map(
        (s) =>
          `${s.invoker || s.invokerType} ${Math.round(s.duration)} ms${s.forcedStyleAndLayoutDuration > 5 ? ` (forced layout ${Math.round(s.forcedStyleAndLayoutDuration)} ms)` : ''}${s.sourceFunctionName ? ` in ${s.sourceFunctionName}` : ''}`,
      );
  observe('long-animation-frame', loafs, (e) => ({
    start: e.startTime,
    duration: e.duration,
    blocking: e.blockingDuration,
    scripts: scriptsOf(e),
  }));
  // The default buffer (250) would drop the later pages of a big list.
  performance.setResourceTimingBufferSize(5000);

  // Each chart draw, timed to the frame after it: the mark is taken synchronously in uPlot's draw hook, so the
  // frame that follows is the one that shows the canvas (a PerformanceObserver would hear of it later).
  const chartDraws = [];
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    const entry = mark(name, options);
    if (name === 'nodus:chart-drawn') {
      const draw = { at: entry.startTime, paintedAt: undefined };
      chartDraws.push(draw);
      afterPaint((t) => (draw.paintedAt = t));
    }
    return entry;
  };

  const digits = (text) => Number(String(text || '').replace(/[^0-9]/g, '') || NaN);

  // Milestones of opening the table.
  if (config.rowSelector) {
    const found = (name) => {
      marks[name] = performance.now();
      afterPaint((t) => (marks[`${name}Painted`] = t));
    };
    const check = () => {
      if (marks.firstRow === undefined && document.querySelector(config.rowSelector)) found('firstRow');
      if (marks.allListed === undefined && config.countSelector) {
        const count = document.querySelector(config.countSelector);
        // A count shown as "5,000 of 5,000 events" is matched by its text; a bare count by its digits.
        const complete = config.expectedText
          ? count && (count.textContent || '').includes(config.expectedText)
          : count && digits(count.textContent) === config.expectedCount;
        if (complete) found('allListed');
      }
      if (marks.firstRow !== undefined && marks.allListed !== undefined) milestones.disconnect();
    };
    const milestones = new MutationObserver(check);
    const start = () =>
      milestones.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
    if (document.documentElement) start();
    else document.addEventListener('DOMContentLoaded', start);
  }

  const cellsOf = (row) => row.querySelectorAll(config.cellSelector);
  const columnIndex = (table, header) => {
    const headers = [...table.querySelectorAll(config.headerSelector)].map((h) => (h.textContent || '').trim());
    return headers.findIndex((h) => h.toLowerCase().startsWith(header.toLowerCase()));
  };

  let cellWatch;
  let response;
  let figureWatch;

  window.__bench = {
    now: () => performance.now(),
    timeOrigin: () => performance.timeOrigin,
    marks: () => ({ ...marks }),
    frames: (since = 0) => frames.filter((t) => t >= since),
    longTasks: (since = 0) => longTasks.filter((e) => e.start >= since),
    loafs: (since = 0) => loafs.filter((e) => e.start >= since),
    supports: () => ({
      longtask: PerformanceObserver.supportedEntryTypes.includes('longtask'),
      loaf: PerformanceObserver.supportedEntryTypes.includes('long-animation-frame'),
    }),
    resources: (pattern) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new RegExp(pattern).test(e.name))
        .map((e) => ({
          name: e.name,
          start: e.startTime,
          end: e.responseEnd,
          requestStart: e.requestStart,
          responseStart: e.responseStart,
        })),
    rowCount: () => document.querySelectorAll(config.rowSelector).length,
    chartDraws: (since = 0) => chartDraws.filter((d) => d.at >= since).map((d) => ({ ...d })),

    /**
     * Records each change of the text of the element `selector` finds, whenever the page rewrites it (the element
     * itself may be replaced), with the time the frame after the change was painted (page clock).
     */
    watchFigure: (selector) => {
      const read = () => {
        const el = document.querySelector(selector);
        return el ? (el.textContent || '').trim() : undefined;
      };
      const watch = { last: read(), seen: [] };
      const observer = new MutationObserver(() => {
        const text = read();
        if (text === watch.last) return;
        watch.last = text;
        const change = { text, at: performance.now(), paintedAt: undefined };
        watch.seen.push(change);
        afterPaint((t) => (change.paintedAt = t));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      watch.stop = () => observer.disconnect();
      figureWatch?.stop();
      figureWatch = watch;
      return watch.last;
    },
    figureChanges: () => (figureWatch ? figureWatch.seen.map((c) => ({ ...c })) : []),
    stopFigure: () => figureWatch && figureWatch.stop(),

    /**
     * Records each change of a row's value (key column → value column) with the epoch time it was painted. Only
     * a new value counts: a row that renders again for another reason (its age ticks, it scrolls into view)
     * shows nothing new. Rows seen for the first time are only remembered.
     */
    watchCells: (keyHeader, valueHeader) => {
      const table = document.querySelector(config.tableSelector);
      if (!table) return 'no table';
      const key = columnIndex(table, keyHeader);
      const value = columnIndex(table, valueHeader);
      if (key < 0 || value < 0) return `no "${keyHeader}" or "${valueHeader}" column`;
      const read = (row) => {
        const cells = cellsOf(row);
        return { key: (cells[key]?.textContent || '').trim(), value: (cells[value]?.textContent || '').trim() };
      };
      const shown = new Map();
      for (const row of table.querySelectorAll(config.rowSelector)) {
        const r = read(row);
        shown.set(r.key, r.value);
      }
      cellWatch = { seen: [] };
      const watch = cellWatch;
      const observer = new MutationObserver((records) => {
        const rows = new Set();
        for (const record of records) {
          const node = record.target.nodeType === Node.ELEMENT_NODE ? record.target : record.target.parentElement;
          const row = node && node.closest(config.rowSelector);
          if (row) rows.add(row);
        }
        const changed = [];
        for (const row of rows) {
          const r = read(row);
          const before = shown.get(r.key);
          shown.set(r.key, r.value);
          if (before !== undefined && before !== r.value) changed.push(r);
        }
        if (changed.length === 0) return;
        afterPaint((t) => {
          for (const r of changed) watch.seen.push({ ...r, at: performance.timeOrigin + t });
        });
      });
      observer.observe(table, { childList: true, subtree: true, characterData: true });
      watch.stop = () => observer.disconnect();
      return 'ok';
    },
    cellChanges: () => (cellWatch ? cellWatch.seen.splice(0) : []),
    stopCells: () => cellWatch && cellWatch.stop(),
    /** The rows in view: key and value, to compare with the server after the churn. */
    visibleCells: (keyHeader, valueHeader) => {
      const table = document.querySelector(config.tableSelector);
      if (!table) return [];
      const key = columnIndex(table, keyHeader);
      const value = columnIndex(table, valueHeader);
      const out = [];
      for (const row of table.querySelectorAll(config.rowSelector)) {
        const box = row.getBoundingClientRect();
        if (box.bottom < 0) continue;
        if (box.top > window.innerHeight) break;
        const cells = cellsOf(row);
        out.push({ key: (cells[key]?.textContent || '').trim(), value: (cells[value]?.textContent || '').trim() });
      }
      return out;
    },

    /** Arms a measurement: the next click, key or input, until the table's rows change and are painted. */
    armResponse: () => {
      const table = document.querySelector(config.tableSelector);
      if (!table) return 'no table';
      const state = { inputAt: undefined, paintAt: undefined };
      const onInput = (event) => {
        if (state.inputAt === undefined) state.inputAt = event.timeStamp;
      };
      for (const type of ['pointerdown', 'keydown', 'input'])
        document.addEventListener(type, onInput, { capture: true });
      const observer = new MutationObserver(() => {
        if (state.inputAt === undefined) return;
        observer.disconnect();
        afterPaint((t) => (state.paintAt = t));
      });
      observer.observe(table, { childList: true, subtree: true, characterData: true });
      response = { state, stop: () => observer.disconnect() };
      return 'ok';
    },
    response: () => (response ? { ...response.state } : undefined),

    /** Scrolls the table's scroll container from top to bottom, one step a frame, sampling the rows in the DOM. */
    scrollThrough: (steps) =>
      new Promise((resolve) => {
        const table = document.querySelector(config.tableSelector);
        const scrolls = (el) => el.scrollHeight > el.clientHeight && /auto|scroll/.test(getComputedStyle(el).overflowY);
        // A virtualized table scrolls inside itself; a plain one scrolls an ancestor (or the page).
        let scroller = table && [table, ...table.children].find(scrolls);
        for (let box = table && table.parentElement; !scroller && box; box = box.parentElement)
          if (scrolls(box)) scroller = box;
        scroller = scroller || document.scrollingElement;
        const range = scroller.scrollHeight - scroller.clientHeight;
        const start = performance.now();
        let step = 0;
        let maxRows = 0;
        const move = () => {
          if (step % 10 === 0) maxRows = Math.max(maxRows, document.querySelectorAll(config.rowSelector).length);
          if (step > steps) {
            resolve({
              start,
              end: performance.now(),
              maxRows,
              range,
              scroller: scroller === document.scrollingElement ? 'document' : scroller.tagName.toLowerCase(),
            });
            return;
          }
          scroller.scrollTop = (range * step) / steps;
          step++;
          requestAnimationFrame(move);
        };
        scroller.scrollTop = 0;
        requestAnimationFrame(move);
      }),
  };
})();
