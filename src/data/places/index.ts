export {
  connectionId,
  describeViewPath,
  isTablePath,
  MAX_NAME,
  pinKey,
  viewAt,
  viewNameProblem,
  type Pin,
  type SavedView,
} from './places.ts';
export {
  deleteView,
  isPinned,
  rememberProject,
  renameView,
  saveView,
  togglePin,
  unpin,
  useLastProject,
  useRememberProject,
  usePins,
  useSavedViews,
} from './use-places.ts';
