// How the learner reads and listens (issue 23): kept on the server for a signed-in learner, and on the device
// too, so that the theme is right from the first paint and a visitor signed out keeps their choice.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { getReaderSettings, setReaderSettings } from '#common/endpoints/reader.ts';
import {
  DEFAULT_READER_SETTINGS,
  LINE_SPACINGS,
  PLAYBACK_RATES,
  type ReaderSettings,
  type ReaderSettingsInput,
  TEXT_SIZES,
  THEMES,
  TYPEFACES,
} from '#common/schemas/readerSettings.ts';
import { useSession } from '#web/features/auth/session.tsx';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { noteThemeChoice } from './theme.ts';

export const SETTINGS_TEXT = {
  saveFailed: 'Your setting could not be saved. Please try again.',
} as const;

/** The device's copy (localStorage), read by index.html's first script for the theme. */
export const SETTINGS_STORAGE_KEY = 'catamaran:reader-settings';

const listeners = new Set<() => void>();
let stored: ReaderSettings | undefined;

function readStored(): ReaderSettings {
  if (stored) return stored;
  try {
    stored = storedSettings(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? 'null'));
  } catch {
    stored = undefined;
  }
  stored ??= { ...DEFAULT_READER_SETTINGS };
  return stored;
}

/**
 * The device's copy when it holds a value of each setting (what the ReaderSettings schema accepts), else
 * undefined. Checked by hand, as the schema would: the page's first render reads it, and building the zod schema
 * there was a long piece of a drawn library's hydration (docs/decisions/107).
 */
export function storedSettings(value: unknown): ReaderSettings | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { playback_rate, text_size, line_spacing, typeface, theme } = value as Record<string, unknown>;
  const isOneOf = <T>(values: readonly T[], candidate: unknown): candidate is T =>
    values.includes(candidate as T);
  if (
    !isOneOf(PLAYBACK_RATES, playback_rate) ||
    !isOneOf(TEXT_SIZES, text_size) ||
    !isOneOf(LINE_SPACINGS, line_spacing) ||
    !isOneOf(TYPEFACES, typeface) ||
    !isOneOf(THEMES, theme)
  )
    return undefined;
  return { playback_rate, text_size, line_spacing, typeface, theme };
}

/** Keeps `settings` on the device and tells every hook. */
export function storeSettings(settings: ReaderSettings): void {
  stored = settings;
  noteThemeChoice(settings.theme);
  try {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private browsing may refuse storage: the settings still hold for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The learner's settings and a way to change them: shown at once, saved for a signed-in learner (one save at a
 * time, in order), put back with a sentence if the save fails. The server's copy wins once it arrives.
 */
export function useReaderSettings() {
  const session = useSession();
  const signedIn = session.status === 'signed_in';
  const queryClient = useQueryClient();
  const local = useSyncExternalStore(subscribe, readStored, readStored);
  const server = useQuery({
    queryKey: queryKeys.readerSettings(),
    queryFn: async ({ signal }) => {
      const settings = await call(getReaderSettings, { signal });
      storeSettings(settings);
      return settings;
    },
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
  const save = useMutation({
    scope: { id: 'reader-settings' },
    mutationFn: (change: ReaderSettingsInput) => call(setReaderSettings, { body: change }),
    onMutate: (change) => {
      const before = readStored();
      const next = { ...before, ...change };
      storeSettings(next);
      queryClient.setQueryData(queryKeys.readerSettings(), next);
      return { before };
    },
    onError: (_error, _change, context) => {
      if (!context) return;
      storeSettings(context.before);
      queryClient.setQueryData(queryKeys.readerSettings(), context.before);
    },
    onSuccess: (saved) => {
      storeSettings(saved);
      queryClient.setQueryData(queryKeys.readerSettings(), saved);
    },
  });
  const { mutate } = save;
  const change = useCallback(
    (next: ReaderSettingsInput) => {
      if (signedIn) mutate(next);
      else storeSettings({ ...readStored(), ...next });
    },
    [signedIn, mutate],
  );
  return {
    settings: (signedIn && server.data) || local,
    change,
    failed: save.isError,
  };
}
