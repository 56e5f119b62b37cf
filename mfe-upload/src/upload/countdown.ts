const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §2: the remaining time as 'Nd HHu MMm SSs' (zero when passed). */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  return `${days}d ${pad(hours)}u ${pad(minutes)}m ${pad(seconds)}s`;
}

/** Spec §5 expiry label parts: days and hours, or hours and minutes, or minutes. */
export function expiryParts(remainingMs: number): { days?: number; hours?: number; minutes: number } | { days: number; hours: number } {
  const minutesTotal = Math.max(0, Math.floor(remainingMs / 60_000));
  const days = Math.floor(minutesTotal / 1_440);
  const hours = Math.floor((minutesTotal % 1_440) / 60);
  const minutes = minutesTotal % 60;
  if (days > 0) return { days, hours };
  if (hours > 0) return { hours, minutes };
  return { minutes };
}
