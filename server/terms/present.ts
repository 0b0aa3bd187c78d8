import type { TermStatusResult } from '#common/schemas/terms.ts';
import type { TermStatusRow } from './service.ts';

/** A term's status as PUT /api/terms/status/ answers it. */
export function presentTermStatus(row: TermStatusRow): TermStatusResult {
  return { language: row.language, term: row.term, status: row.status };
}
