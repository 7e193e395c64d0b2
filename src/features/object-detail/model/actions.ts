/**
 * The actions the object page offers: the rules live in src/kinds (shared with the table's bulk
 * actions), so a list and a page never disagree on what applies.
 */
export {
  availableActions,
  pendingRestart,
  terminalAction,
  type ActionId,
  type ActionInput,
  type ActionState,
} from '@/kinds/actions.ts';
