// The admin area's own question: whether the signed-in person is an administrator (admin.md §7).
import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { lazy } from '../lazy.ts';

/** Whether the signed-in person is an administrator: the admin area shows itself only to them. */
export const Permission = lazy(() => z.object({ is_admin: z.boolean() }));
export type Permission = z.infer<typeof Permission>;

/** Any signed-in person may ask; the guard of /api/admin/ is not on it. */
export const checkPermission = endpoint({
  method: 'GET',
  path: '/api/admin/check-permission/',
  access: 'signed-in',
  response: Permission,
});
