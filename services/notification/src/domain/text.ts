/** Header values: subjects are one line (the rules for what users type are in @ferry/rules). */

/** Collapses every control character and run of whitespace into one space (defence in depth for headers). */
export function oneLine(value: string, max = 200): string {
  const flat = value.replace(/[\p{Cc}\u2028\u2029\s]+/gu, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
