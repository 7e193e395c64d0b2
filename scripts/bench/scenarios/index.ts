/** Every scenario, in the order they run and print: the mock, the peers, then the console in the browser. */
import { bundleSize } from '../browser/scenarios/bundle-size.ts';
import { churnLag } from '../browser/scenarios/churn-lag.ts';
import { costView } from '../browser/scenarios/cost-view.ts';
import { eventsView } from '../browser/scenarios/events.ts';
import { followLog } from '../browser/scenarios/follow-log.ts';
import { heapListed } from '../browser/scenarios/heap.ts';
import { openTableScenario as openTable } from '../browser/scenarios/open-table.ts';
import { scrollTable } from '../browser/scenarios/scroll.ts';
import { sortFilter } from '../browser/scenarios/sort-filter.ts';
import { tabsScenario } from '../browser/scenarios/tabs.ts';
import { terminalOutput } from '../browser/scenarios/terminal.ts';
import { kubectlGet } from '../peers/kubectl-get.ts';
import { watchCache } from '../peers/watch-cache.ts';
import type { Scenario } from '../types.ts';
import { mockBodies } from './mock-bodies.ts';
import { mockCrowd } from './mock-crowd.ts';
import { mockList } from './mock-list.ts';
import { mockUsage } from './mock-usage.ts';
import { mockWatchers } from './mock-watchers.ts';

export const SCENARIOS: Scenario[] = [
  mockList,
  mockBodies,
  mockWatchers,
  mockCrowd,
  mockUsage,
  kubectlGet,
  watchCache,
  openTable,
  scrollTable,
  churnLag,
  sortFilter,
  heapListed,
  followLog,
  costView,
  terminalOutput,
  eventsView,
  tabsScenario,
  bundleSize,
];
