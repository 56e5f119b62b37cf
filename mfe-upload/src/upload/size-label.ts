import { perSecond, sizeUnits } from '@ferry/rules';
import { sizeLabel } from '@ferry/shell-sdk/format';

/** Spec §5 size label (the same on every screen) in the language's number format, or a dash when the size is unknown. */
export function formatSize(bytes: number, language?: string): string {
  return sizeLabel(bytes, language) || '—';
}

/** The free-space line (spec §2): remaining GB with two decimals, number and unit as the language writes them, or a dash when unknown. */
export function formatFreeSpace(freeBytes: number | null | undefined, language = 'en'): string {
  if (freeBytes === null || freeBytes === undefined || !Number.isFinite(freeBytes)) return '—';
  const gb = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.max(0, freeBytes) / 1024 ** 3,
  );
  return `${gb} ${sizeUnits(language)[3]}`;
}

/** Speed text, e.g. "12.3 MB/s", "12,3 МБ/с". */
export function formatSpeed(bytesPerSecond: number, language?: string): string {
  return `${formatSize(bytesPerSecond, language)}${perSecond(language ?? 'en')}`;
}

/** A percentage (0-100) the way the language writes it: '45%', '45 %' in German and French, '%45' in Turkish. */
export function formatPercent(percent: number, language?: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/** Time left, e.g. "45 sec", "3 min", "2 hr", in the language's short unit. */
export function formatDuration(seconds: number, language?: string): string {
  const [value, unit] =
    seconds < 90
      ? [Math.max(1, Math.round(seconds)), 'second']
      : seconds < 5400
        ? [Math.round(seconds / 60), 'minute']
        : [Math.round(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}
