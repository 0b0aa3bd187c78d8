import { describe, expect, it } from 'vitest';
import { csvField } from './csv.ts';

describe('csvField', () => {
  it('leaves a plain field as it is, and an empty one empty', () => {
    expect(csvField('hablar')).toBe('hablar');
    expect(csvField(12)).toBe('12');
    expect(csvField(null)).toBe('');
  });

  it('quotes a field with a comma, a quote, a line break or spaces at an end, doubling its quotes', () => {
    expect(csvField('to say, to tell')).toBe('"to say, to tell"');
    expect(csvField('cat ("minou")')).toBe('"cat (""minou"")"');
    expect(csvField('moon\r\nsatellite')).toBe('"moon\r\nsatellite"');
    expect(csvField(' padded')).toBe('" padded"');
  });

  it('leads a field a spreadsheet would run as a formula with an apostrophe, but not an affix', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@sum')).toBe("'@sum");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('-ción')).toBe('-ción');
  });
});
