// Narrators: the public application and sample video (learner.md §7), and the admin's Teachers tab
// (admin.md §7).
import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { lazy } from '../lazy.ts';
import {
  ApplicantVideo,
  ApplicantVideoStart,
  ApplicantVideoStartQuery,
  FORM_LANGUAGES,
  SignedVideoUrl,
  SignedVideoUrlQuery,
  TeacherApplication,
  TeacherApplicationInput,
} from '../schemas/narrators.ts';

export const apply = endpoint({
  method: 'POST',
  path: '/api/teacher-application/',
  access: 'public',
  body: TeacherApplicationInput,
  response: lazy(() =>
    z.object({ id: z.number().int(), form_language: z.enum(FORM_LANGUAGES), created_at: z.string() }),
  ),
  status: 201,
});

export const startVideoUpload = endpoint({
  method: 'GET',
  path: '/api/applicant-video/start/',
  access: 'public',
  query: ApplicantVideoStartQuery,
  response: ApplicantVideoStart,
});

/** The form: email, path (from the start call), then the file. */
export const uploadVideo = endpoint({
  method: 'POST',
  path: '/api/applicant-video/upload/',
  access: 'public',
  body: 'multipart',
  response: ApplicantVideo,
  status: 201,
});

export const listApplications = endpoint({
  method: 'GET',
  path: '/api/teacher-applications/',
  access: 'admin',
  response: lazy(() => z.array(TeacherApplication)),
});

export const toggleContacted = endpoint({
  method: 'PATCH',
  path: '/api/teacher-applications/:id/toggle-contacted/',
  access: 'admin',
  ids: { id: 'Application not found' },
  response: TeacherApplication,
});

export const listVideos = endpoint({
  method: 'GET',
  path: '/api/applicant-video/admin/list/',
  access: 'admin',
  response: lazy(() => z.array(ApplicantVideo)),
});

export const signVideoUrl = endpoint({
  method: 'GET',
  path: '/api/applicant-video/admin/signed-url/',
  access: 'admin',
  query: SignedVideoUrlQuery,
  response: SignedVideoUrl,
});
