// Numbers that end up in PostgreSQL integer columns: ids of serial columns, and places (order, numbers). A
// number past the column's range names nothing, and reaching the database it was a 500 ("out of range for
// type integer"); bounded here, once, it is refused with the schema's sentence.
import { z } from 'zod';

/** The largest value of a PostgreSQL integer column, and so of a serial id. */
export const MAX_INTEGER = 2 ** 31 - 1;

/** A serial id: a whole number from 1 to MAX_INTEGER; anything else is refused with `error`. */
export function serialId(error: string) {
  return z.number({ error }).int({ error }).positive({ error }).max(MAX_INTEGER, { error });
}

/** A whole number for an integer column, from `min` to MAX_INTEGER, refused with a sentence naming `field`. */
export function integerColumn(field: string, min: number) {
  const error = `${field} must be a whole number from ${min} to ${MAX_INTEGER}.`;
  return z.number({ error }).int({ error }).min(min, { error }).max(MAX_INTEGER, { error });
}
