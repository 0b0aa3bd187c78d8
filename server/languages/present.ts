import type { AdminLanguage, PublicLanguage } from '#common/schemas/languages.ts';
import type { LanguageRow, PublicLanguageRow } from './service.ts';

/** A language as learners see it. */
export function presentLanguage(language: PublicLanguageRow): PublicLanguage {
  return { id: language.id, code: language.code, name: language.name, native_name: language.nativeName };
}

/** A language as the languages tab shows it. */
export function presentAdminLanguage(language: LanguageRow): AdminLanguage {
  return {
    id: language.id,
    code: language.code,
    name: language.name,
    native_name: language.nativeName,
    is_active: language.isActive,
  };
}
