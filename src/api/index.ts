/**
 * The public face of src/api: the HTTP client, its error type and the path builders.
 * May import: src/shared only (see README.md in this folder).
 */
export { createApiClient, buildUrl, DEFAULT_PAGE_SIZE } from './client.ts';
export type { ApiClient, ApiClientConfig, ListOptions, QueryParams, RequestOptions } from './client.ts';
export { ApiError, CLIENT_REASONS, errorFromResponse, isApiError, networkError, reasonForCode } from './api-error.ts';
export { kindsFromDiscovery } from './discovery.ts';
export type { APIResource, APIResourceList, KindInfo } from './discovery.ts';
export { NODUS_GROUP_VERSION, groupVersionPath, namespacesPath, resourcePath } from './paths.ts';
export type { GroupVersion } from './paths.ts';
