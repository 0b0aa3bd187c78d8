import { z } from 'zod';
import { lazy } from '../lazy.ts';

/** The e-mail change form on /account: the new address, checked as the auth server checks it. */
export const EmailChangeForm = lazy(() =>
  z.object({
    email: z
      .string()
      .trim()
      .min(1, 'Enter your new e-mail address.')
      .max(254, 'That address is too long.')
      .pipe(z.email('Enter a valid e-mail address, like name@example.com.')),
  }),
);
