import { useQuery } from '@tanstack/react-query';
import { checkPermission } from '#common/endpoints/admin.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';

/**
 * Whether the signed-in person is an admin (admin.md §6). Asked afresh on every visit of /admin. A module of its
 * own: the library's header asks it too, without the admin area's other queries and their schemas (decision 094).
 */
export function useAdminPermission() {
  return useQuery({
    queryKey: queryKeys.adminPermission(),
    queryFn: ({ signal }) => call(checkPermission, { signal }),
    staleTime: 0,
  });
}
