const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §2 countdown: 'Nd Nh', 'Nh Nm' or 'mm:ss'; undefined once expired. */
export function timeLeftLabel(expiresAtMs: number, nowMs: number): string | undefined {
  const left = Math.floor((expiresAtMs - nowMs) / 1000);
  if (left <= 0) return undefined;
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3_600);
  const minutes = Math.floor((left % 3_600) / 60);
  const seconds = left % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${pad(minutes)}:${pad(seconds)}`;
}
