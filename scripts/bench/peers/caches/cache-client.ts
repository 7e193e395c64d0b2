/**
 * The one shape both watch caches are driven through in the comparison, so the child process runs the same steps
 * against each: list and watch, stop (objects kept), and resume until a number of events have been applied.
 */
export interface CacheClient {
  readonly name: string;
  /** Lists every page (500 a page for both) and opens the watch; resolves once it is watching. */
  start(): Promise<void>;
  /** Closes the watch; the objects and the version to resume from stay. */
  stop(): Promise<void>;
  /** Reopens the watch from the last version seen; resolves once `events` more events have been applied. */
  resume(events: number): Promise<void>;
  /** Objects held now. */
  size(): number;
}

export interface CacheTarget {
  url: string;
  apiKey: string;
  project: string;
  pageSize: number;
}
