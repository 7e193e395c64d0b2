/**
 * The public face of src/data/client: the HTTP client, its error type, retries, watch streams and the path builders.
 * May import: src/shared only (see README.md in this folder).
 */
export { createApiClient, buildUrl, DEFAULT_PAGE_SIZE } from './client.ts';
export { countList } from './count.ts';
export { newIdempotencyKey } from './idempotency.ts';
export type {
  ApiClient,
  ApiClientConfig,
  ListOptions,
  PageInit,
  QueryParams,
  RequestOptions,
  StreamOptions,
  WatchOptions,
} from './client.ts';
export type { InvokeAnswer, InvokeOptions } from './invoke.ts';
export { decodeLines, LineSplitter } from './byte-stream.ts';
export type { ByteStream } from './byte-stream.ts';
export { answerWithBody, readBodyOf, type ReadBody } from './read-body.ts';
export type { ListHead } from './list-head.ts';
export { TABLE_ACCEPT, type RowObject } from './rows.ts';
export {
  ApiError,
  CLIENT_REASONS,
  connectionLost,
  errorFromResponse,
  errorFromStatus,
  isApiError,
  isTooLargeVersion,
  networkError,
  parseRetryAfter,
  reasonForCode,
  toApiError,
} from './api-error.ts';
export { DEFAULT_RETRY_POLICY, backoffDelay, isRetryable, sleep, withRetry } from './retry.ts';
export type { RetryInfo, RetryOptions, RetryPolicy } from './retry.ts';
export { readWatchBatches, readWatchEvents } from './watch.ts';
export type { WatchObjectEvent, WatchObjectEventType, WatchStream } from './watch.ts';
export { kindsFromDiscovery } from './discovery.ts';
export type { APIResource, APIResourceList, KindInfo } from './discovery.ts';
export { NODUS_GROUP_VERSION, groupVersionPath, namespacesPath, resourcePath } from './paths.ts';
export type { GroupVersion } from './paths.ts';
export { parseWarnings } from './warnings.ts';
export { headersOf, putBytes } from './upload.ts';
export type { UploadAnswer, UploadConfig, UploadOptions } from './upload.ts';
