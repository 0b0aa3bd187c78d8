import type { ApplicantVideo, TeacherApplication } from '#common/schemas/narrators.ts';
import type { ApplicationRow, VideoRow } from './service.ts';

/** An application as the admin area reads it: the spec's field names. */
export function presentApplication(row: ApplicationRow): TeacherApplication {
  return {
    id: row.id,
    form_language: row.formLanguage,
    full_name: row.fullName,
    email: row.email,
    city_country: row.cityCountry,
    native_languages: row.nativeLanguages,
    experience_text: row.experienceText,
    camera_comfortable: row.cameraComfortable,
    accent_description: row.accentDescription,
    quiet_env: row.quietEnv,
    can_purchase_mic: row.canPurchaseMic,
    willing_submit_sample: row.willingSubmitSample,
    weekly_hours_choice: row.weeklyHoursChoice,
    desired_hourly_rate: row.desiredHourlyRate,
    topics_general: row.topicsGeneral,
    topics_18: row.topics18,
    topics_nsfw: row.topicsNsfw,
    why_catamaran: row.whyCatamaran,
    fit_for_learners: row.fitForLearners,
    expressive_reading: row.expressiveReading,
    anything_else: row.anythingElse,
    contacted: row.contacted,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A sample video as the Videos tab lists it. */
export function presentVideo(row: VideoRow): ApplicantVideo {
  return {
    id: row.id,
    email: row.email,
    original_filename: row.originalFilename,
    storage_path: row.storagePath,
    file_size: row.fileSize,
    created_at: row.createdAt.toISOString(),
  };
}
