export interface StatsChunk {
  files?: string[];
  origins?: { moduleName?: string; request?: string }[];
}
export interface StatsJson {
  chunks?: StatsChunk[];
}

/** The files a page's head preloads: what the entry loads on every start, nothing loaded on demand. */
export const FIRST_VISIT_FILE = 'first-visit.json';

/**
 * The async chunks every start needs: those the entry imports itself (the Module Federation
 * bootstrap) and the shared libraries this build provides. Chunks loaded on demand (a dialog,
 * analytics) and the fallback copies of shared libraries that a provider's copy replaces are left out.
 */
export function firstVisitFiles(chunks: readonly StatsChunk[]): { js: string[]; css: string[] } {
  const needed = chunks.filter((chunk) =>
    (chunk.origins ?? []).some(
      (o) =>
        (o.moduleName ?? '').startsWith('provide shared module') ||
        (/\/src\/index\.tsx?$/.test(o.moduleName ?? '') && (o.request ?? '').startsWith('./')),
    ),
  );
  const files = needed.flatMap((chunk) => chunk.files ?? []).filter((f) => f.startsWith('static/'));
  const publicPath = (f: string) => `/${f}`;
  return {
    js: files
      .filter((f) => f.endsWith('.js'))
      .map(publicPath)
      .sort(),
    css: files
      .filter((f) => f.endsWith('.css'))
      .map(publicPath)
      .sort(),
  };
}
