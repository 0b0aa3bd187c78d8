import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { endSession, listSessions } from '#common/endpoints/account.ts';
import { authErrorText } from '#web/features/auth/messages.ts';
import { useAuthClient } from '#web/features/auth/session.tsx';
import { failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';

const SIGN_OUT_FAILED = 'That device could not be signed out. Please try again.';
export const OTHERS_SIGNED_OUT = 'Every other device has been signed out.';

const TIME_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An instant as the devices list shows it ('Mar 5, 2026, 3:04 PM'), in the learner's time zone. */
export function formatDeviceTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : TIME_FORMAT.format(date);
}

/**
 * The devices signed in to the learner's account, and signing them out: one (`endSession`, by its id) or
 * every one but this (the auth client's sign-out with scope 'others'), one at a time, with what went wrong.
 */
export function useDevices() {
  const queryClient = useQueryClient();
  const auth = useAuthClient();
  const devices = useQuery({
    queryKey: queryKeys.signedInDevices(),
    queryFn: ({ signal }) => call(listSessions, { signal }),
  });
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.signedInDevices() });

  const signOutDevice = useMutation({
    mutationFn: (id: string) => call(endSession, { params: { id } }),
    onMutate: () => {
      setProblem(undefined);
      setDone(undefined);
    },
    onError: (error) => setProblem(failureText(error, SIGN_OUT_FAILED)),
    onSettled: refresh,
  });

  const signOutOthers = useMutation({
    mutationFn: async () => {
      const { error } = await (await auth()).signOut({ scope: 'others' });
      if (error) throw error;
    },
    onMutate: () => {
      setProblem(undefined);
      setDone(undefined);
    },
    onSuccess: () => setDone(OTHERS_SIGNED_OUT),
    onError: (error) => setProblem(authErrorText(error)),
    onSettled: refresh,
  });

  return { devices, problem, done, signOutDevice, signOutOthers };
}
