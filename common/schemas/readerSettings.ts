// How a learner likes to read and listen (issue 23): the narration's speed, the text's size, line spacing and
// typeface, and the theme, kept on the server for the learner so that every device reads alike.
import { z } from 'zod';
import { lazy } from '../lazy.ts';

/** The narration's speeds: half to double, by quarters (issue 23). Pitch is kept at every speed. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const TEXT_SIZES = ['small', 'medium', 'large', 'x-large'] as const;
export const LINE_SPACINGS = ['compact', 'normal', 'relaxed'] as const;
export const TYPEFACES = ['sans', 'serif'] as const;
/** 'system' follows the device's light or dark setting; sepia is warm paper across the app (web/theme.css). */
export const THEMES = ['system', 'light', 'sepia', 'dark'] as const;

export type PlaybackRate = (typeof PLAYBACK_RATES)[number];
export type TextSize = (typeof TEXT_SIZES)[number];
export type LineSpacing = (typeof LINE_SPACINGS)[number];
export type Typeface = (typeof TYPEFACES)[number];
export type Theme = (typeof THEMES)[number];

/** What a learner who never chose anything reads with. */
export const DEFAULT_READER_SETTINGS = {
  playback_rate: 1,
  text_size: 'medium',
  line_spacing: 'normal',
  typeface: 'sans',
  theme: 'system',
} as const satisfies ReaderSettings;

const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}.` });

export const ReaderSettings = lazy(() =>
  z.object({
    playback_rate: z
      .number({ error: 'playback_rate must be a number.' })
      .refine((rate) => (PLAYBACK_RATES as readonly number[]).includes(rate), {
        error: `playback_rate must be one of ${PLAYBACK_RATES.join(', ')}.`,
      }),
    text_size: oneOf('text_size', TEXT_SIZES),
    line_spacing: oneOf('line_spacing', LINE_SPACINGS),
    typeface: oneOf('typeface', TYPEFACES),
    theme: oneOf('theme', THEMES),
  }),
);
export type ReaderSettings = z.infer<typeof ReaderSettings>;

/** PUT /api/me/reader-settings/: any of the settings, the others kept. */
export const ReaderSettingsInput = lazy(() =>
  ReaderSettings.partial().refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: `Send at least one setting to change: ${Object.keys(ReaderSettings.shape).join(', ')}.`,
  }),
);
export type ReaderSettingsInput = z.infer<typeof ReaderSettingsInput>;

/** The next speed up (+1) or down (-1) from `rate` on the list, staying at the ends. */
export function steppedRate(rate: number, direction: 1 | -1): PlaybackRate {
  const rates = PLAYBACK_RATES as readonly PlaybackRate[];
  const next =
    direction > 0
      ? rates.find((candidate) => candidate > rate)
      : rates.findLast((candidate) => candidate < rate);
  return next ?? (direction > 0 ? 2 : 0.5);
}
