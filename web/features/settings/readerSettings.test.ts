import { describe, expect, it } from 'vitest';
import { DEFAULT_READER_SETTINGS, ReaderSettings } from '#common/schemas/readerSettings.ts';
import { storedSettings } from './readerSettings.ts';

const CHOSEN = {
  playback_rate: 1.25,
  text_size: 'large',
  line_spacing: 'relaxed',
  typeface: 'serif',
  theme: 'dark',
};

describe('storedSettings', () => {
  it('accepts and rejects the device copies the ReaderSettings schema does, keeping only the settings', () => {
    const copies: unknown[] = [
      CHOSEN,
      DEFAULT_READER_SETTINGS,
      { ...CHOSEN, extra: 'kept out' },
      { ...CHOSEN, playback_rate: 1.1 },
      { ...CHOSEN, playback_rate: '1' },
      { ...CHOSEN, text_size: 'huge' },
      { ...CHOSEN, line_spacing: undefined },
      { ...CHOSEN, typeface: 'mono' },
      { ...CHOSEN, theme: 'blue' },
      { theme: 'dark' },
      null,
      'dark',
      42,
      [],
    ];
    for (const copy of copies) {
      const parsed = ReaderSettings.safeParse(copy);
      expect(storedSettings(copy), JSON.stringify(copy)).toEqual(parsed.success ? parsed.data : undefined);
    }
    expect(storedSettings({ ...CHOSEN, extra: 'kept out' })).toEqual(CHOSEN);
  });
});
