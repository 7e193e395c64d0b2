/**
 * The sidebar's theme switch: as the system says, light, or dark. Kept across visits (the `theme` preference);
 * the palette offers the same three.
 */
import { clsx } from 'clsx';
import { MoonIcon } from '@/components/ui/icons.tsx';
import { setPreference, usePreference, type ThemePreference } from '@/data/preferences.ts';

const CHOICES: readonly { value: ThemePreference; label: string; title: string }[] = [
  { value: 'system', label: 'Auto', title: 'Follow the system setting' },
  { value: 'light', label: 'Light', title: 'Always light' },
  { value: 'dark', label: 'Dark', title: 'Always dark' },
];

export function ThemeSwitch() {
  const theme = usePreference('theme');
  return (
    <div className="flex items-center gap-2 text-xs text-slate-400">
      <MoonIcon className="size-4 shrink-0" />
      <span id="theme-switch-label" className="flex-1">
        Theme
      </span>
      <div role="radiogroup" aria-labelledby="theme-switch-label" className="flex rounded-md bg-slate-800 p-0.5">
        {CHOICES.map((c) => (
          <button
            key={c.value}
            type="button"
            role="radio"
            aria-checked={theme === c.value}
            title={c.title}
            onClick={() => setPreference('theme', c.value)}
            className={clsx(
              'rounded px-1.5 py-0.5 text-[11px] focus-visible:outline-2 focus-visible:outline-indigo-400',
              theme === c.value ? 'bg-slate-600 font-medium text-white' : 'text-slate-300 hover:text-white',
            )}
          >
            {c.label}
          </button>
        ))}
      </div>
    </div>
  );
}
