// The languages: the public list (learner.md §7) and the admin area's (admin.md §7).
import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { lazy } from '../lazy.ts';
import {
  AdminLanguage,
  AdminLanguageCreate,
  AdminLanguageUpdate,
  PublicLanguageList,
} from '../schemas/languages.ts';

const NOT_FOUND = 'Language not found';

export const listLanguages = endpoint({
  method: 'GET',
  path: '/api/languages/',
  access: 'public',
  response: PublicLanguageList,
});

export const listAdminLanguages = endpoint({
  method: 'GET',
  path: '/api/admin/languages/',
  access: 'admin',
  response: lazy(() => z.array(AdminLanguage)),
});

export const createLanguage = endpoint({
  method: 'POST',
  path: '/api/admin/languages/',
  access: 'admin',
  body: AdminLanguageCreate,
  response: AdminLanguage,
  status: 201,
});

export const updateLanguage = endpoint({
  method: 'PUT',
  path: '/api/admin/languages/:id/',
  access: 'admin',
  ids: { id: NOT_FOUND },
  body: AdminLanguageUpdate,
  response: AdminLanguage,
});

export const deleteLanguage = endpoint({
  method: 'DELETE',
  path: '/api/admin/languages/:id/',
  access: 'admin',
  ids: { id: NOT_FOUND },
  response: 'none',
});
