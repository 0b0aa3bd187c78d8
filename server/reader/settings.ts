// The learner's reader settings (issue 23): one row per learner who changed any, the defaults otherwise.
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_READER_SETTINGS,
  type ReaderSettings,
  type ReaderSettingsInput,
} from '#common/schemas/readerSettings.ts';
import type { Database } from '#server/db/client.ts';
import { readerSettings } from '#server/db/schema.ts';
import type { Viewer } from '#server/policies/viewer.ts';

const columns = {
  playback_rate: readerSettings.playbackRate,
  text_size: readerSettings.textSize,
  line_spacing: readerSettings.lineSpacing,
  typeface: readerSettings.typeface,
  theme: readerSettings.theme,
};

/** The settings as the API gives them (the columns hold only values the checks allow). */
function present(row: Record<keyof typeof columns, unknown> | undefined): ReaderSettings {
  return row ? (row as ReaderSettings) : { ...DEFAULT_READER_SETTINGS };
}

export async function getReaderSettings(db: Database, viewer: Viewer): Promise<ReaderSettings> {
  const [row] = await db.select(columns).from(readerSettings).where(eq(readerSettings.userId, viewer.userId));
  return present(row);
}

/** Sets the settings sent, keeping the others, in one statement: two devices changing two settings keep both. */
export async function setReaderSettings(
  db: Database,
  viewer: Viewer,
  input: ReaderSettingsInput,
): Promise<ReaderSettings> {
  const changes = {
    ...(input.playback_rate !== undefined && { playbackRate: input.playback_rate }),
    ...(input.text_size !== undefined && { textSize: input.text_size }),
    ...(input.line_spacing !== undefined && { lineSpacing: input.line_spacing }),
    ...(input.typeface !== undefined && { typeface: input.typeface }),
    ...(input.theme !== undefined && { theme: input.theme }),
  };
  const [row] = await db
    .insert(readerSettings)
    .values({ userId: viewer.userId, ...changes })
    .onConflictDoUpdate({ target: readerSettings.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning(columns);
  return present(row);
}
