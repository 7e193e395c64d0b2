/**
 * How the end-to-end tests (e2e/support/servers.ts) and the benchmark (scripts/bench/env/browser.ts) launch
 * Debian's Chromium: no browser download from the internet, no sandbox, no GPU, nothing fetched in
 * the background, and none of the browser chrome's WebUI that a headless window does not show but still loads.
 * Chromium 156 opens the omnibox popup's WebUI (chrome://omnibox-popup.top-chrome) for every new window: a
 * renderer of its own that took 2.3 s of the two cores while the benchmark opened the console's table.
 */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * The features Playwright turns off (its chromiumSwitches.ts, at the version in package-lock.json) and the
 * omnibox WebUI's. Chromium reads only the last --disable-features, so this one repeats Playwright's.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'DialMediaRouteProvider',
  'GlobalMediaControls',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'BlockOriginHeaderModificationOnRedirect',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'Translate',
  'AutoDeElevate',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];
