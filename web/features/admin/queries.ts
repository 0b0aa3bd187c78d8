import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkPermission } from '#common/endpoints/accounts.ts';
import { getImport, listImports } from '#common/endpoints/dictionary.ts';
import { listAdminLanguages } from '#common/endpoints/languages.ts';
import { listApplications, listVideos } from '#common/endpoints/narrators.ts';
import { getAdminStory, listAdminStories, listChapters } from '#common/endpoints/stories.ts';
import { call } from '#web/lib/call.ts';
import { IMPORT_POLL_MS, isImportActive } from './translations/imports.ts';

/** The query keys of the admin area; a change invalidates the lists it touches. */
export const ADMIN_KEYS = {
  permission: ['admin', 'permission'],
  languages: ['admin', 'languages'],
  stories: ['admin', 'stories'],
  story: (storyId: number) => ['admin', 'stories', storyId],
  chapters: (storyId: number) => ['admin', 'stories', storyId, 'chapters'],
} as const;

/** Whether the signed-in person is an admin (admin.md §6). Asked afresh on every visit of /admin. */
export function useAdminPermission() {
  return useQuery({
    queryKey: ADMIN_KEYS.permission,
    queryFn: ({ signal }) => call(checkPermission, { signal }),
    staleTime: 0,
  });
}

/** Every language, inactive ones too, in the server's order. */
export function useAdminLanguages() {
  return useQuery({
    queryKey: ADMIN_KEYS.languages,
    queryFn: ({ signal }) => call(listAdminLanguages, { signal }),
  });
}

/** Every story, drafts too, with its language and chapter count. */
export function useAdminStories() {
  return useQuery({
    queryKey: ADMIN_KEYS.stories,
    queryFn: ({ signal }) => call(listAdminStories, { signal }),
  });
}

/** One story, drafts too, for the story editor. */
export function storyQuery(storyId: number) {
  return queryOptions({
    queryKey: ADMIN_KEYS.story(storyId),
    queryFn: ({ signal }) => call(getAdminStory, { params: { id: storyId }, signal }),
  });
}

/** A story's chapters, as the server orders them. */
export function chaptersQuery(storyId: number) {
  return queryOptions({
    queryKey: ADMIN_KEYS.chapters(storyId),
    queryFn: ({ signal }) => call(listChapters, { params: { storyId }, signal }),
  });
}

/** A story's chapters in reading order. */
export function useStoryChapters(storyId: number) {
  return useQuery(chaptersQuery(storyId));
}

/**
 * The query keys of the translations import. An import's own key is not under the list's, so refreshing the
 * list never refetches the import being polled.
 */
export const TRANSLATION_KEYS = {
  imports: ['admin', 'translations', 'imports'],
  import: (importId: number) => ['admin', 'translations', 'import', importId],
} as const;

/** The latest dictionary imports, newest first. */
export function useTranslationImports() {
  return useQuery({
    queryKey: TRANSLATION_KEYS.imports,
    queryFn: ({ signal }) => call(listImports, { signal }),
  });
}

/** One dictionary import, asked for about once a second until it has finished; idle without an id. */
export function useTranslationImport(importId: number | undefined) {
  return useQuery({
    queryKey: TRANSLATION_KEYS.import(importId ?? 0),
    queryFn: ({ signal }) => call(getImport, { params: { id: importId ?? 0 }, signal }),
    enabled: importId !== undefined,
    // A failed poll keeps the last answer, so a blip in the connection does not stop the polling.
    refetchInterval: (query) => (isImportActive(query.state.data?.status) ? IMPORT_POLL_MS : false),
  });
}

/** The query keys of the Teachers tab; toggling 'contacted' writes the server's answer into the list. */
export const TEACHER_KEYS = {
  applications: ['admin', 'teacher-applications'],
  videos: ['admin', 'applicant-videos'],
} as const;

/** Every narrator application, newest first. */
export function useTeacherApplications() {
  return useQuery({
    queryKey: TEACHER_KEYS.applications,
    queryFn: ({ signal }) => call(listApplications, { signal }),
  });
}

/** Every applicant video, newest first. */
export function useApplicantVideos() {
  return useQuery({
    queryKey: TEACHER_KEYS.videos,
    queryFn: ({ signal }) => call(listVideos, { signal }),
  });
}
