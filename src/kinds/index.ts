/** The console's registry of kinds: what each kind is (src/shared/kinds.ts) and how the console shows it. */
export {
  actionFor,
  availableActions,
  holdAction,
  pendingRestart,
  terminalAction,
  type ActionId,
  type ActionInput,
  type ActionState,
  type ActionTraits,
} from './actions.ts';
export { COLUMNS, gpuOf, moneyColumn, textColumn, type CellType, type ColumnSpec } from './columns.ts';
export { isFinished, kindInProject, kindLife, WAITING_PHASES, type KindLife, type Lifecycle } from './lifecycle.ts';
export {
  childSelector,
  costMeter,
  presentation,
  type KindLook,
  type KindPresentation,
  type MoneyMeter,
  type SpendView,
} from './presentation.ts';
export { KIND_PRESENTATION, presentationOf } from './registry.ts';
export { specFact, type Fact } from './spec-facts.ts';
