import { describe, expect, it } from 'vitest';
import { ReaderSettingsInput, steppedRate } from './readerSettings.ts';

describe('steppedRate', () => {
  it('steps by a quarter between half and double speed, and stays at the ends', () => {
    expect(steppedRate(1, 1)).toBe(1.25);
    expect(steppedRate(1, -1)).toBe(0.75);
    expect(steppedRate(1.75, 1)).toBe(2);
    expect(steppedRate(2, 1)).toBe(2);
    expect(steppedRate(0.5, -1)).toBe(0.5);
    expect(steppedRate(0.75, -1)).toBe(0.5);
  });

  it('goes to the nearest speed on the list from one off it', () => {
    expect(steppedRate(1.1, 1)).toBe(1.25);
    expect(steppedRate(1.1, -1)).toBe(1);
    expect(steppedRate(3, -1)).toBe(2);
    expect(steppedRate(0.1, 1)).toBe(0.5);
  });
});

describe('ReaderSettingsInput', () => {
  it('takes any of the settings, and refuses none or values off the lists', () => {
    expect(ReaderSettingsInput.parse({ theme: 'dark' })).toEqual({ theme: 'dark' });
    expect(ReaderSettingsInput.safeParse({}).success).toBe(false);
    expect(ReaderSettingsInput.safeParse({ playback_rate: 1.1 }).success).toBe(false);
    expect(ReaderSettingsInput.safeParse({ text_size: 'huge' }).success).toBe(false);
  });
});
