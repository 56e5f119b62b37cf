const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Spec §5: B, KB, MB, GB, TB, PB in steps of 1024; under 1024 shows whole bytes. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)} ${UNITS[unit]}`;
}

/** The free-space line: remaining GB with two decimals, or a dash when unknown. */
export function formatFreeGb(freeBytes: number | null | undefined): string {
  if (freeBytes === null || freeBytes === undefined || !Number.isFinite(freeBytes)) return '—';
  return (Math.max(0, freeBytes) / 1024 ** 3).toFixed(2);
}

/** Speed text, e.g. "12.3 MB/s". */
export function formatSpeed(bytesPerSecond: number): string {
  return `${formatSize(bytesPerSecond)}/s`;
}
