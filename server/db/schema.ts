import { sql } from 'drizzle-orm';
import { boolean, char, check, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The languages a learner can read in, and English as the base (admin.md §3). */
export const languages = pgTable(
  'languages',
  {
    id: serial('id').primaryKey(),
    code: char('code', { length: 2 }).notNull().unique(),
    name: text('name').notNull(),
    nativeName: text('native_name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('languages_code_is_iso_639_1', sql`${table.code} ~ '^[a-z]{2}$'`)],
);
