import { useId } from 'react';
import {
  LINE_SPACINGS,
  type ReaderSettings,
  type ReaderSettingsInput,
  TEXT_SIZES,
  THEMES,
  TYPEFACES,
} from '#common/schemas/readerSettings.ts';
import { cn } from '#web/components/ui/cn.ts';
import { Dialog, DialogContent } from '#web/components/ui/Dialog.tsx';
import { focusTriggerOnClose, type LazyDialogProps } from '#web/components/ui/lazyDialog.ts';
import { SETTINGS_TEXT, useReaderSettings } from './readerSettings.ts';

/** How each choice is named on screen. */
export const SETTING_NAMES = {
  text_size: { small: 'Small', medium: 'Medium', large: 'Large', 'x-large': 'Extra large' },
  line_spacing: { compact: 'Compact', normal: 'Normal', relaxed: 'Relaxed' },
  typeface: { sans: 'Sans serif', serif: 'Serif' },
  theme: { system: 'Match system', light: 'Light', sepia: 'Sepia', dark: 'Dark' },
} as const;

/**
 * The reader's settings (issue 23): text size, line spacing, typeface and theme, each applied at once and kept
 * for the learner (on the server once signed in, on the device as well). Loaded when first opened
 * (ReaderSettingsDialog.tsx).
 */
export function ReaderSettingsPanel({ open, onOpenChange, contentId, trigger }: LazyDialogProps) {
  const { settings, change, failed } = useReaderSettings();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        id={contentId}
        title="Reading settings"
        description="How the text looks, here and in every chapter."
        className="max-w-md"
        onCloseAutoFocus={focusTriggerOnClose(trigger)}
      >
        <Choices name="Text size" setting="text_size" values={TEXT_SIZES} {...{ settings, change }} />
        <Choices
          name="Line spacing"
          setting="line_spacing"
          values={LINE_SPACINGS}
          {...{ settings, change }}
        />
        <Choices name="Typeface" setting="typeface" values={TYPEFACES} {...{ settings, change }} />
        <Choices name="Theme" setting="theme" values={THEMES} {...{ settings, change }} />
        {failed ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {SETTINGS_TEXT.saveFailed}
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type Choice = keyof typeof SETTING_NAMES;

/** One setting as a row of radio buttons drawn as a segmented control: arrows move, Space picks. */
function Choices<S extends Choice>({
  name,
  setting,
  values,
  settings,
  change,
}: {
  name: string;
  setting: S;
  values: readonly ReaderSettings[S][];
  settings: ReaderSettings;
  change: (next: ReaderSettingsInput) => void;
}) {
  const group = useId();
  const names = SETTING_NAMES[setting] as Record<string, string>;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{name}</legend>
      <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-1">
        {values.map((value) => {
          const checked = settings[setting] === value;
          return (
            <label
              key={value}
              className={cn(
                'flex min-h-10 cursor-pointer items-center justify-center rounded-md px-1.5 text-center text-sm font-medium text-slate-700',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                checked ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-300' : 'hover:bg-slate-200',
              )}
            >
              <input
                type="radio"
                name={group}
                value={value}
                checked={checked}
                onChange={() => change({ [setting]: value } as ReaderSettingsInput)}
                className="sr-only"
              />
              {names[value]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
