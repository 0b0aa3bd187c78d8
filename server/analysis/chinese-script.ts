// Chinese script variants (issue 21): a word written in traditional characters is found under its simplified
// headword and back. opencc-js converts character by character with its phrase tables (乾淨 → 干净, 頭髮 →
// 头发); its tables are a megabyte of JavaScript, so each direction is loaded on first use only.
import { createRequire } from 'node:module';
import type * as OpenCC from 'opencc-js';

type Convert = (text: string) => string;

const require = createRequire(import.meta.url);

let toSimplified: Convert | undefined;
let toTraditional: { standard: Convert; taiwan: Convert } | undefined;

function simplifier(): Convert {
  // From Taiwan's forms: they include the standard ones and Taiwan's own (裡, 著 after a verb), which the
  // plain traditional table leaves alone; Hong Kong's text converts the same way.
  toSimplified ??= (require('opencc-js/t2cn') as typeof OpenCC).Converter({ from: 'tw', to: 'cn' });
  return toSimplified;
}

function traditionalisers(): { standard: Convert; taiwan: Convert } {
  if (!toTraditional) {
    const { Converter, ConverterFactory, Locale } = require('opencc-js/cn2t') as typeof OpenCC;
    const standard = Converter({ from: 'cn', to: 't' });
    // Taiwan's forms are the standard ones with Taiwan's variants over them (這裏 → 這裡): a table of a few
    // hundred characters, where a second converter from simplified would build the 44 MB trie again.
    const variants = ConverterFactory(Locale.to.tw ?? []);
    toTraditional = { standard, taiwan: (text) => variants(standard(text)) };
  }
  return toTraditional;
}

/** The simplified form of a word or text (圖書館 → 图书馆); simplified text comes back as it is. */
export function simplifiedOf(text: string): string {
  return text === '' ? text : simplifier()(text);
}

/**
 * The traditional form of a word or text (图书馆 → 圖書館): OpenCC's standard forms, or Taiwan's where they
 * differ (这里 → 這裏, Taiwan 這裡; 面条 → 麪條, Taiwan 麵條).
 */
export function traditionalOf(text: string, variant: 'standard' | 'taiwan' = 'standard'): string {
  return text === '' ? text : traditionalisers()[variant](text);
}

/**
 * The distinct forms a lookup tries, in order: as written, simplified, traditional, and Taiwan's traditional
 * where it differs (图书馆 → 图书馆, 圖書館; 這裡 → 這裡, 这里, 這裏). The traditional forms are made from the
 * simplified one, so a word written in a mix of both scripts still finds its headword.
 */
export function lookupCandidates(surface: string): string[] {
  if (surface === '') return [];
  const simplified = simplifiedOf(surface);
  const forms = [surface, simplified, traditionalOf(simplified), traditionalOf(simplified, 'taiwan')];
  return [...new Set(forms)];
}

/** Whether the conversion tables have been loaded, for the test that a server without Chinese never does. */
export function chineseScriptLoaded(): boolean {
  return toSimplified !== undefined || toTraditional !== undefined;
}
