/**
 * A duration as minutes and seconds, `m:ss` (admin.md §2): 5 → '0:05', 67 → '1:07', 3660 → '61:00'. Minutes
 * are not wrapped into hours, and a duration that cannot be read shows as '0:00'.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}
