// Narrator applications and their sample videos (learner.md §3, admin.md §3): the rows and the rules around
// them. The upload path handed out by the start call is signed, so an upload lands only where that call allowed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type {
  ApplicantVideo,
  TeacherApplication,
  TeacherApplicationFields,
} from '#common/schemas/narrators.ts';
import type { Database } from '#server/db/client.ts';
import { applicantVideos, teacherApplications } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { presentApplication, presentVideo } from './present.ts';

export type ApplicationRow = typeof teacherApplications.$inferSelect;
export type VideoRow = typeof applicantVideos.$inferSelect;

/** Keeps an application as it was sent, in the language its form was written in. */
export async function createApplication(
  db: Database,
  input: TeacherApplicationFields,
): Promise<TeacherApplication> {
  const [row] = await db
    .insert(teacherApplications)
    .values({
      formLanguage: input.form_language,
      fullName: input.full_name,
      email: input.email,
      cityCountry: input.city_country,
      nativeLanguages: input.native_languages,
      experienceText: input.experience_text,
      cameraComfortable: input.camera_comfortable,
      accentDescription: input.accent_description,
      quietEnv: input.quiet_env,
      canPurchaseMic: input.can_purchase_mic,
      willingSubmitSample: input.willing_submit_sample,
      weeklyHoursChoice: input.weekly_hours_choice,
      desiredHourlyRate: input.desired_hourly_rate,
      topicsGeneral: input.topics_general,
      topics18: input.topics_18,
      topicsNsfw: input.topics_nsfw,
      whyCatamaran: input.why_catamaran,
      fitForLearners: input.fit_for_learners,
      expressiveReading: input.expressive_reading,
      anythingElse: input.anything_else,
    })
    .returning();
  if (!row) throw new Error('the application insert returned no row');
  return presentApplication(row);
}

/** Every application, newest first. */
export async function listApplications(db: Database): Promise<TeacherApplication[]> {
  const rows = await db
    .select()
    .from(teacherApplications)
    .orderBy(desc(teacherApplications.createdAt), desc(teacherApplications.id));
  return rows.map(presentApplication);
}

/** Flips an application's "contacted" mark in one statement; 404 when there is no such application. */
export async function toggleContacted(db: Database, id: number): Promise<TeacherApplication> {
  const [row] = await db
    .update(teacherApplications)
    .set({ contacted: sql`NOT ${teacherApplications.contacted}`, updatedAt: sql`now()` })
    .where(eq(teacherApplications.id, id))
    .returning();
  if (!row) throw new HttpError(404, 'Application not found');
  return presentApplication(row);
}

/**
 * Where an address (in any case) stands as an applicant, in one query: whether it has sent an application
 * (only applicants may upload a sample) and how many videos it has sent.
 */
export async function applicantStanding(
  db: Database,
  email: string,
): Promise<{ hasApplied: boolean; videoCount: number }> {
  const { rows } = await db.execute<{ has_applied: boolean; video_count: number }>(sql`
    SELECT
      EXISTS (SELECT 1 FROM ${teacherApplications} WHERE lower(${teacherApplications.email}) = lower(${email}))
        AS has_applied,
      (SELECT count(*)::int FROM ${applicantVideos} WHERE lower(${applicantVideos.email}) = lower(${email}))
        AS video_count`);
  const [row] = rows;
  return { hasApplied: row?.has_applied === true, videoCount: Number(row?.video_count ?? 0) };
}

/** How long an upload path from the start call stays good: a 500 MB upload on a slow line takes a while. */
export const UPLOAD_PATH_LIFETIME_MS = 24 * 60 * 60 * 1000;
const UPLOAD_PATH = /^applicant-videos\/(\d{13})-([0-9a-f]{8})-([0-9a-f]{32})\.([a-z0-9]{2,4})$/;

function pathSignature(secret: string, email: string, stem: string): string {
  const key = createHmac('sha256', secret).update('catamaran/applicant-video-path/v1').digest();
  return createHmac('sha256', key).update(`${email.toLowerCase()}\n${stem}`).digest('hex').slice(0, 32);
}

/** A fresh storage key for one applicant's video, signed for their address (applicant-videos/…). */
export function issueUploadPath(secret: string, email: string, extension: string, now = Date.now()): string {
  const stem = `${now}-${randomBytes(4).toString('hex')}`;
  return `applicant-videos/${stem}-${pathSignature(secret, email, `${stem}.${extension}`)}.${extension}`;
}

/** Checks that `path` came from the start call for this address and is still fresh; answers the key. */
export function checkUploadPath(secret: string, email: string, path: string, now = Date.now()): string {
  const match = UPLOAD_PATH.exec(path);
  if (!match)
    throw new HttpError(400, 'The upload path is not one this server gave out. Start the upload again.');
  const [, time, random, given, extension] = match as unknown as [string, string, string, string, string];
  const expected = pathSignature(secret, email, `${time}-${random}.${extension}`);
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
    throw new HttpError(403, 'Not authorized');
  }
  if (now - Number(time) > UPLOAD_PATH_LIFETIME_MS) {
    throw new HttpError(400, 'This upload was started too long ago. Please start it again.');
  }
  return path;
}

/** Records a stored video; 409 when that path holds one already (it is never overwritten). */
export async function recordVideo(
  db: Database,
  video: {
    email: string;
    originalFilename: string;
    storagePath: string;
    fileSize: number;
    contentType: string;
  },
): Promise<ApplicantVideo> {
  const [row] = await db.insert(applicantVideos).values(video).onConflictDoNothing().returning();
  if (!row) throw new HttpError(409, 'This video was received already. To send another, start again.');
  return presentVideo(row);
}

/** Every sample video, newest first. */
export async function listVideos(db: Database): Promise<ApplicantVideo[]> {
  const rows = await db
    .select()
    .from(applicantVideos)
    .orderBy(desc(applicantVideos.createdAt), desc(applicantVideos.id));
  return rows.map(presentVideo);
}

/** The video stored at `path`; undefined for a path no video has. */
export async function videoAt(db: Database, path: string): Promise<ApplicantVideo | undefined> {
  const [row] = await db.select().from(applicantVideos).where(eq(applicantVideos.storagePath, path));
  return row ? presentVideo(row) : undefined;
}
