/** How long access answers are kept, and how often a project's rules are asked again. Pure: tests read it. */
export const ACCESS_STALE_MS = 30_000;
/**
 * How often a project's rules are asked again while a page of it is open and the tab is shown: roles change
 * while people work, and an answer that changed asks the precise reviews again (role-changes.ts). A poll, not a
 * watch of the RoleBindings: a browser gives an origin six HTTP/1.1 connections, and the watches a page holds
 * already use most of them.
 */
export const RULES_POLL_MS = 10_000;
