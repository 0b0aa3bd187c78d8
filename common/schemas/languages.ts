import { z } from 'zod';

/** A language as the public list presents it. */
export const PublicLanguage = z.object({
  id: z.number().int(),
  code: z.string().length(2),
  name: z.string(),
  native_name: z.string(),
});
export type PublicLanguage = z.infer<typeof PublicLanguage>;

export const PublicLanguageList = z.array(PublicLanguage);
export type PublicLanguageList = z.infer<typeof PublicLanguageList>;
