/** Spec §5: B, KB, MB, GB, TB, PB in steps of 1024; under 1024 shows B. */
export function sizeLabel(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  return `${value >= 100 ? Math.round(value) : value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}

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
