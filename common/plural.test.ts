import { describe, expect, it, vi } from 'vitest';
import { formatCount, type PluralForms, plural, pluralCategory, pluralForm } from './plural.ts';

const MINUTES: PluralForms = { one: 'minute', other: 'minutes' };

describe('plural in English', () => {
  it('says 1 minute, and 0, 2 and 1.5 minutes', () => {
    expect(plural(1, MINUTES)).toBe('1 minute');
    expect(plural(0, MINUTES)).toBe('0 minutes');
    expect(plural(2, MINUTES)).toBe('2 minutes');
    expect(plural(1.5, MINUTES)).toBe('1.5 minutes');
  });

  it('writes the number with its thousands separator', () => {
    expect(plural(12345, { one: 'word', other: 'words' })).toBe('12,345 words');
    expect(formatCount(1500)).toBe('1,500');
  });

  it('places the number where a form says {count}', () => {
    const known = { one: '{count} new word is now known.', other: '{count} new words are now known.' };
    expect(plural(1, known)).toBe('1 new word is now known.');
    expect(plural(2000, known)).toBe('2,000 new words are now known.');
  });

  it('takes the other form when there is no form for the category', () => {
    expect(plural(1, { other: 'sheep' })).toBe('1 sheep');
    expect(pluralForm(1, { other: 'lines were' })).toBe('lines were');
  });
});

describe('plural in languages with other rules', () => {
  const polishMinutes: PluralForms = { one: 'minuta', few: 'minuty', many: 'minut', other: 'minuty' };

  it('gives Polish its few and many forms', () => {
    expect(plural(1, polishMinutes, 'pl')).toBe('1 minuta');
    expect(plural(3, polishMinutes, 'pl')).toBe('3 minuty');
    expect(plural(5, polishMinutes, 'pl')).toBe('5 minut');
    expect(plural(22, polishMinutes, 'pl')).toBe('22 minuty');
    expect(plural(0, polishMinutes, 'pl')).toBe('0 minut');
  });

  it('gives Arabic its six categories', () => {
    expect([0, 1, 2, 3, 11, 100].map((count) => pluralCategory(count, 'ar'))).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'many',
      'other',
    ]);
  });

  it('counts 0 as one in French, and writes its numbers the French way', () => {
    expect(plural(0, { one: 'minute', other: 'minutes' }, 'fr')).toBe('0 minute');
    expect(plural(1500, { one: 'mot', other: 'mots' }, 'fr')).toBe(`${(1500).toLocaleString('fr')} mots`);
  });

  it('has one form for every count in Chinese', () => {
    expect(pluralCategory(1, 'zh')).toBe('other');
    expect(plural(1, { one: 'never', other: '分钟' }, 'zh')).toBe('1 分钟');
  });
});

describe('formatCount', () => {
  it('writes whole numbers in English as Intl.NumberFormat does, without building one', () => {
    const intl = new Intl.NumberFormat('en');
    const samples = [0, 1, -1, 7, 12, 999, 1000, -1000, 1001, 12_345, 99_999, 100_000, 999_999, 1_000_000];
    for (let power = 0; power <= 15; power++) samples.push(10 ** power - 1, 10 ** power, -(10 ** power) + 7);
    samples.push(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
    for (const count of samples) expect(formatCount(count), String(count)).toBe(intl.format(count));
  });

  it('builds no Intl.NumberFormat for a whole number in English (the first costs a phone 15-25 ms)', async () => {
    vi.resetModules();
    const { NumberFormat } = Intl;
    let built = 0;
    // Counts the formatters made; a subclass, as the code under test calls it with `new`.
    Intl.NumberFormat = class extends NumberFormat {
      constructor(...args: ConstructorParameters<typeof NumberFormat>) {
        super(...args);
        built += 1;
      }
    } as typeof NumberFormat;
    try {
      const fresh = await import('./plural.ts');
      expect(fresh.plural(12_345, { one: 'word', other: 'words' })).toBe('12,345 words');
      expect(built).toBe(0);
      expect(fresh.formatCount(1.5)).toBe('1.5');
      expect(built).toBe(1);
    } finally {
      Intl.NumberFormat = NumberFormat;
    }
  });

  it('leaves fractions, very large numbers, -0 and other locales to Intl.NumberFormat', () => {
    expect(formatCount(1.5)).toBe('1.5');
    expect(formatCount(2.5e21)).toBe(new Intl.NumberFormat('en').format(2.5e21));
    expect(formatCount(-0)).toBe(new Intl.NumberFormat('en').format(-0));
    expect(formatCount(12_345, 'de')).toBe('12.345');
  });
});
