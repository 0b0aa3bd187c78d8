import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Transaction } from '#server/db/client.ts';
import { subscriptions, users } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { isAdminUser, isPro } from './rules.ts';

/** What a viewer may open beyond free published stories. */
export interface Access {
  isAdmin: boolean;
  isPro: boolean;
}

/**
 * Who is asking: the signed-in user of one request. Their id and address come from the token; their role and
 * plan are read from the database the first time a rule needs them, and then never again in that request.
 */
export class Viewer {
  #access: Promise<Access> | undefined;

  constructor(
    readonly userId: string,
    readonly email: string,
    private readonly readAccess: (userId: string) => Promise<Access>,
    private readonly otherAdmin: OtherAdminCheck = async () => false,
  ) {}

  /** Whether an account other than the viewer's is an administrator, read in `db` (a transaction, say). */
  hasAnotherAdmin(db: Database | Transaction): Promise<boolean> {
    return this.otherAdmin(db, this.userId);
  }

  /** The viewer's role and plan, read once. */
  access(): Promise<Access> {
    this.#access ??= this.readAccess(this.userId);
    return this.#access;
  }
}

type OtherAdminCheck = (db: Database | Transaction, userId: string) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads a user's role and plan (registerViewer). */
    viewerAccess: (userId: string) => Promise<Access>;
    /** Whether an account other than the user's is an administrator (registerViewer). */
    otherAdmin: OtherAdminCheck;
  }
  interface FastifyRequest {
    /** The request's viewer, made the first time a handler asks for it (viewerOf). */
    viewer: Viewer | null;
  }
}

/** The admin role and the plan of a user, in one query; neither for a user who does not exist. */
export async function readAccess(
  db: Database,
  adminEmails: readonly string[],
  userId: string,
): Promise<Access> {
  const [row] = await db
    .select({
      email: users.email,
      isAdmin: users.isAdmin,
      status: subscriptions.status,
      isGrantedPro: subscriptions.isGrantedPro,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return { isAdmin: false, isPro: false };
  return {
    isAdmin: isAdminUser(row, adminEmails),
    isPro: row.status !== null && isPro({ status: row.status, isGrantedPro: row.isGrantedPro ?? false }),
  };
}

/**
 * Whether an account other than `userId` is an administrator: marked is_admin, or its address listed in
 * ADMIN_EMAILS (isAdminUser's rule, asked of every account at once).
 */
export async function anotherAdminExists(
  db: Database | Transaction,
  adminEmails: readonly string[],
  userId: string,
): Promise<boolean> {
  const listed = sql`SELECT jsonb_array_elements_text(${JSON.stringify(adminEmails)}::jsonb)`;
  const { rows } = await db.execute<{ found: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} <> ${userId}
          AND (${users.isAdmin} OR lower(${users.email}) IN (${listed}))) AS found`,
  );
  return rows[0]?.found === true;
}

/** Lets the routes of a scope ask for their viewer; ADMIN_EMAILS is known here and nowhere else. */
export function registerViewer(api: FastifyInstance, adminEmails: readonly string[]): void {
  api.decorate('viewerAccess', (userId: string) => readAccess(api.db, adminEmails, userId));
  api.decorate('otherAdmin', (db: Database | Transaction, userId: string) =>
    anotherAdminExists(db, adminEmails, userId),
  );
  api.decorateRequest('viewer', null);
}

/** The signed-in viewer, for handlers of non-public routes (the guard has already refused everyone else). */
export function viewerOf(request: FastifyRequest): Viewer {
  if (request.viewer) return request.viewer;
  const { user } = request;
  if (!user) throw new HttpError(401, 'Not authenticated');
  request.viewer = new Viewer(
    user.userId,
    user.email,
    request.server.viewerAccess,
    request.server.otherAdmin,
  );
  return request.viewer;
}

/** The viewer of a public route marked `readsToken`: the signed-in user when a valid token came, else null. */
export function optionalViewer(request: FastifyRequest): Viewer | null {
  return request.user ? viewerOf(request) : null;
}
