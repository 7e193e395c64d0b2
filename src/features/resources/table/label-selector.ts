/**
 * Label selectors checked in the browser before they go to the API as `labelSelector`, so a typo gets a clear
 * message under the box instead of a 400 from the server. The grammar lives in src/shared/label-selector.ts,
 * which the mock parses selectors with too.
 */
export {
  SELECTOR_FORMS,
  checkLabelSelector,
  hasLabel,
  withLabel,
  type SelectorCheck,
} from '@/shared/label-selector.ts';
