/** The base language every learner starts from; the only base language offered for now. */
export const BASE_LANGUAGE_CODE = 'en';

export interface LanguageSeed {
  code: string;
  name: string;
  nativeName: string;
}

/** The languages the product ships with: English as the base and the 14 a learner can study. */
export const SEED_LANGUAGES: readonly LanguageSeed[] = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'it', name: 'Italian', nativeName: 'Italiano' },
  { code: 'pt', name: 'Portuguese', nativeName: 'Português' },
  { code: 'nl', name: 'Dutch', nativeName: 'Nederlands' },
  { code: 'pl', name: 'Polish', nativeName: 'Polski' },
  { code: 'ru', name: 'Russian', nativeName: 'Русский' },
  { code: 'tr', name: 'Turkish', nativeName: 'Türkçe' },
  { code: 'ar', name: 'Arabic', nativeName: 'العربية' },
  { code: 'hi', name: 'Hindi', nativeName: 'हिन्दी' },
  { code: 'ja', name: 'Japanese', nativeName: '日本語' },
  { code: 'ko', name: 'Korean', nativeName: '한국어' },
  { code: 'zh', name: 'Chinese', nativeName: '中文' },
];

/** How many languages a learner can study (every seeded language except the base). */
export const LEARNABLE_LANGUAGE_COUNT = SEED_LANGUAGES.length - 1;

const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur', 'yi', 'ps', 'sd', 'ug', 'dv']);

/** The writing direction of text in the language with this ISO 639-1 code. */
export function textDirection(code: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(code.toLowerCase()) ? 'rtl' : 'ltr';
}
