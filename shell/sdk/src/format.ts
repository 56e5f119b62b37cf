/**
 * Labels every screen shows the same way. Imported as `@ferry/shell-sdk/format`: a subpath is not
 * the shared singleton, so each remote bundles its own copy and never depends on the shell's version.
 * The size label, the displayed file name and dates are the rules of @ferry/rules, re-exported here for the remotes.
 */
export { displayFileName, formatDate, sizeLabel } from '@ferry/rules';

/**
 * A value inside a translated sentence, isolated (FSI … PDI): in Arabic and Hebrew '15.00 GB' or an
 * address keeps its own order instead of being reordered with the words around it.
 */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}
