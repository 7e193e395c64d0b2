/** The top bar's search field look-alike: it opens the command palette and shows its shortcut. */
import { ariaKeyShortcuts, comboLabels, keysOf } from '@/lib/shortcuts.ts';
import { SearchIcon } from '../ui/icons.tsx';

export function PaletteHint({ onClick }: { onClick: () => void }) {
  const combo = keysOf('palette.toggle')[0];
  const keys = combo ? comboLabels(combo).join(' ') : '';
  return (
    <button
      type="button"
      onClick={onClick}
      // The name starts with the text shown, so that a speech user can say what they see (WCAG 2.5.3).
      aria-label={`Jump to… ${keys}: open the command palette`}
      aria-keyshortcuts={ariaKeyShortcuts('palette.toggle')}
      className="flex h-8 shrink-0 items-center gap-2 lg:w-44 lg:shrink xl:w-72 rounded-md border border-slate-200 bg-slate-50 px-2.5 text-sm text-slate-500 hover:border-slate-300 hover:bg-white"
    >
      <SearchIcon className="size-4" />
      <span className="hidden flex-1 text-left lg:inline">Jump to…</span>
      <kbd className="whitespace-nowrap max-sm:hidden rounded border border-slate-200 bg-white px-1.5 font-sans text-[11px] font-medium text-slate-500">
        {keys}
      </kbd>
    </button>
  );
}
