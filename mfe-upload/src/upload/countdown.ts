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
