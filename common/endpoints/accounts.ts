// Who the signed-in person is to the product: whether they are an administrator (admin.md §7).
import { z } from 'zod';
import { endpoint } from '../contract.ts';

export const checkPermission = endpoint({
  method: 'GET',
  path: '/api/admin/check-permission/',
  access: 'signed-in',
  response: z.object({ is_admin: z.boolean() }),
});
