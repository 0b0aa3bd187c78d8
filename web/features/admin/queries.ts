import { queryOptions, useQuery } from '@tanstack/react-query';
import { getImport, listImports } from '#common/endpoints/dictionary.ts';
import { listAdminLanguages } from '#common/endpoints/languages.ts';
import { listApplications, listVideos } from '#common/endpoints/narrators.ts';
import { getAdminStory, listAdminStories, listChapters } from '#common/endpoints/stories.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { IMPORT_POLL_MS, isImportActive } from './translations/imports.ts';

export { useAdminPermission } from './permission.ts';

/** Every language, inactive ones too, in the server's order. */
export function useAdminLanguages() {
  return useQuery({
    queryKey: queryKeys.adminLanguages(),
    queryFn: ({ signal }) => call(listAdminLanguages, { signal }),
  });
}

/** Every story, drafts too, with its language and chapter count. */
export function useAdminStories() {
  return useQuery({
    queryKey: queryKeys.adminStories(),
    queryFn: ({ signal }) => call(listAdminStories, { signal }),
  });
}

/** One story, drafts too, for the story editor. */
export function storyQuery(storyId: number) {
  return queryOptions({
    queryKey: queryKeys.adminStory(storyId),
    queryFn: ({ signal }) => call(getAdminStory, { params: { id: storyId }, signal }),
  });
}

/** A story's chapters, as the server orders them. */
export function chaptersQuery(storyId: number) {
  return queryOptions({
    queryKey: queryKeys.adminChapters(storyId),
    queryFn: ({ signal }) => call(listChapters, { params: { storyId }, signal }),
  });
}

/** A story's chapters in reading order. */
export function useStoryChapters(storyId: number) {
  return useQuery(chaptersQuery(storyId));
}

/** The latest dictionary imports, newest first. */
export function useTranslationImports() {
  return useQuery({
    queryKey: queryKeys.dictionaryImports(),
    queryFn: ({ signal }) => call(listImports, { signal }),
  });
}

/** One dictionary import, asked for about once a second until it has finished; idle without an id. */
export function useTranslationImport(importId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.dictionaryImport(importId ?? 0),
    queryFn: ({ signal }) => call(getImport, { params: { id: importId ?? 0 }, signal }),
    enabled: importId !== undefined,
    // A failed poll keeps the last answer, so a blip in the connection does not stop the polling.
    refetchInterval: (query) => (isImportActive(query.state.data?.status) ? IMPORT_POLL_MS : false),
  });
}

/** Every narrator application, newest first. */
export function useNarratorApplications() {
  return useQuery({
    queryKey: queryKeys.narratorApplications(),
    queryFn: ({ signal }) => call(listApplications, { signal }),
  });
}

/** Every applicant video, newest first. */
export function useApplicantVideos() {
  return useQuery({
    queryKey: queryKeys.narratorVideos(),
    queryFn: ({ signal }) => call(listVideos, { signal }),
  });
}
