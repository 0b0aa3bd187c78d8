import { useId } from 'react';
import { THEMES, type Theme } from '#common/schemas/readerSettings.ts';
import { cn } from '#web/components/ui/cn.ts';

export const THEME_CHOICE_LABELS: Record<Theme, string> = {
  system: 'Match system',
  light: 'Light',
  sepia: 'Sepia',
  dark: 'Dark',
};

/**
 * A small picture of each theme: its page and its text, in the theme's own colours whatever the page's theme
 * (fixed values, not the palette's variables). Decorative: the label names the theme.
 */
const SWATCHES: Record<Theme, string> = {
  system: 'bg-[linear-gradient(135deg,#ffffff_50%,#141a23_50%)] text-[#0f172a]',
  light: 'bg-[#ffffff] text-[#0f172a]',
  sepia: 'bg-[#f4ecd8] text-[#362418]',
  dark: 'bg-[#141a23] text-[#eaedf2]',
};

/**
 * The theme as four radios in a row (a segmented control): Tab reaches the chosen one, the arrow keys move
 * and choose, and a screen reader hears "Theme, radio group, Dark, 4 of 4, checked".
 */
export function ThemeChooser({
  value,
  onChange,
  labelledBy,
  describedBy,
}: {
  value: Theme;
  onChange: (theme: Theme) => void;
  /** The id of the heading that names the group. */
  labelledBy: string;
  describedBy?: string;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="grid grid-cols-2 gap-2 md:grid-cols-4"
    >
      {THEMES.map((theme) => (
        <label
          key={theme}
          className={cn(
            'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border border-slate-300 bg-white px-3 py-2 text-base font-medium text-slate-800 md:whitespace-nowrap',
            'hover:bg-slate-50 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-900 has-checked:ring-1 has-checked:ring-brand-700',
            'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
          )}
        >
          <input
            type="radio"
            name={name}
            value={theme}
            checked={value === theme}
            onChange={() => onChange(theme)}
            className="sr-only"
          />
          <span
            aria-hidden="true"
            className={cn(
              'flex size-7 shrink-0 items-center justify-center rounded-md text-xs font-bold ring-1 ring-slate-400/60',
              SWATCHES[theme],
            )}
          >
            {theme === 'system' ? null : 'Aa'}
          </span>
          {THEME_CHOICE_LABELS[theme]}
        </label>
      ))}
    </div>
  );
}
