import { z } from 'zod';
import { lazy } from '../lazy.ts';

/** The 400 of a language code or id that names no language. */
export const NO_SUCH_LANGUAGE = 'That language does not exist.';

/** A language as the public list presents it. */
export const PublicLanguage = lazy(() =>
  z.object({
    id: z.number().int(),
    code: z.string().length(2),
    name: z.string(),
    native_name: z.string(),
  }),
);
export type PublicLanguage = z.infer<typeof PublicLanguage>;

export const PublicLanguageList = lazy(() => z.array(PublicLanguage));
export type PublicLanguageList = z.infer<typeof PublicLanguageList>;

const REQUIRED = 'All fields are required';
const required = () => z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED });
const code = () =>
  required()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, { error: 'The language code must be two letters (ISO 639-1), such as es.' });

/** A language as an administrator creates it (admin.md §5: code, name and native_name are all required). */
export const AdminLanguageCreate = lazy(() =>
  z.object({
    code: code(),
    name: required().max(100),
    native_name: required().max(100),
    is_active: z.boolean({ error: 'is_active must be true or false.' }).default(true),
  }),
);
export type AdminLanguageCreate = z.infer<typeof AdminLanguageCreate>;

/** An edit: the same fields; the code may be sent but never changed. */
export const AdminLanguageUpdate = lazy(() => AdminLanguageCreate.extend({ code: code().optional() }));
export type AdminLanguageUpdate = z.infer<typeof AdminLanguageUpdate>;

/** A language as the admin area presents it. */
export const AdminLanguage = lazy(() => PublicLanguage.extend({ is_active: z.boolean() }));
export type AdminLanguage = z.infer<typeof AdminLanguage>;
