/** The look of the buttons beside the table's filters (Columns, Export), shared with their placeholders. */
export const MENU_BUTTON =
  'inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-200 bg-white px-2.5 text-[13px] text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none disabled:opacity-50';
