/**
 * Builds the console the end-to-end tests serve, once, into E2E_CONSOLE_DIST: `npm test` runs two e2e lanes on
 * the one build (scripts/test/all.ts).
 */
import { execSync } from 'node:child_process';
import { CONSOLE_BUILD, CONSOLE_PREBUILT } from '../../e2e/support/servers.ts';

if (!CONSOLE_PREBUILT) throw new Error('Set E2E_CONSOLE_DIST to the directory to build the console into.');
execSync(CONSOLE_BUILD.command, { stdio: 'inherit', env: { ...process.env, ...CONSOLE_BUILD.env } });
