export {
  connectionId,
  describeViewPath,
  isTablePath,
  MAX_NAME,
  pinKey,
  viewAt,
  type Pin,
  type SavedView,
} from './places.ts';
export { rememberProject, useLastProject, useRememberProject, usePins, useSavedViews } from './use-places.ts';
export { deleteView, isPinned, renameView, saveView, togglePin, unpin, viewNameProblem } from './edit-places.ts';
