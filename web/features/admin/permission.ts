import { useQuery } from '@tanstack/react-query';
import { checkPermission } from '#common/endpoints/admin.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';

/**
 * Whether the signed-in person is an admin (admin.md §6). Asked afresh on every visit of /admin (`askAfresh`).
 * A module of its own: the library's header asks it too, without the admin area's other queries and their
 * schemas (decision 094); there it only shows a link, so an answer under 30 s old (the one the server drew the
 * library with, say) is taken as it is rather than asked again while the page hydrates.
 */
export function useAdminPermission({ askAfresh = true }: { askAfresh?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.adminPermission(),
    queryFn: ({ signal }) => call(checkPermission, { signal }),
    ...(askAfresh ? { staleTime: 0 } : {}),
  });
}
