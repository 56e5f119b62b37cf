/**
 * Labels every screen shows the same way. Imported as `@ferry/shell-sdk/format`: a subpath is not
 * the shared singleton, so each remote bundles its own copy and never depends on the shell's version.
 */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/**
 * Spec §5: B, KB, MB, GB, TB, PB in steps of 1024; under 1024 shows whole bytes. Two decimals
 * under 10, one under 100, none above; trailing zeros dropped ('1.5 MB', '12 MB', '1.23 GB').
 * An invalid size is ''.
 */
export function sizeLabel(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 ? 2 : value < 100 ? 1 : 0;
  const shown = Number(value.toFixed(digits));
  // 1023.9 MB rounds to 1024: that is 1 GB.
  if (shown >= 1024 && unit < UNITS.length - 1) return `1 ${UNITS[unit + 1]}`;
  return `${shown} ${UNITS[unit]}`;
}
