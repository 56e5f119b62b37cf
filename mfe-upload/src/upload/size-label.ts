import { sizeLabel } from '@ferry/shell-sdk/format';

/** Spec §5 size label (the same on every screen) in the language's number format, or a dash when the size is unknown. */
export function formatSize(bytes: number, language?: string): string {
  return sizeLabel(bytes, language) || '—';
}

/** The free-space line: remaining GB with two decimals, or a dash when unknown. */
export function formatFreeGb(freeBytes: number | null | undefined): string {
  if (freeBytes === null || freeBytes === undefined || !Number.isFinite(freeBytes)) return '—';
  return (Math.max(0, freeBytes) / 1024 ** 3).toFixed(2);
}

/** Speed text, e.g. "12.3 MB/s". */
export function formatSpeed(bytesPerSecond: number, language?: string): string {
  return `${formatSize(bytesPerSecond, language)}/s`;
}
