import type { FastifyReply } from 'fastify';

/** The API version @supabase/auth-js asks for; with it, the client reads `code` as the error code. */
export const GOTRUE_API_VERSION = '2024-01-01';

/** Answers an auth error the way GoTrue does, so the official client raises it with this code and sentence. */
export function sendAuthError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply
    .status(status)
    .header('X-Supabase-Api-Version', GOTRUE_API_VERSION)
    .send({ code, error_code: code, msg: message });
}

/** An auth failure thrown rather than sent (by the rate limiter), answered in GoTrue's shape. */
export class AuthFailure extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuthFailure';
  }
}

/** GoTrue's answer when the new address of an e-mail change belongs to another account. */
export const EMAIL_EXISTS = 'A user with this email address has already been registered';
