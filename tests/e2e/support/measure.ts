import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

export interface LoadBytes {
  files: number;
  /** Sum of each JavaScript file gzip-compressed at level 9 (what a compressing server would send). */
  gzipBytes: number;
  rawBytes: number;
}

/** Records every JavaScript response of the page until `stop()` is called. */
export function recordJavaScript(page: Page): { stop(): Promise<LoadBytes> } {
  const pending: Promise<Buffer | null>[] = [];
  const onResponse = (response: Response): void => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
    pending.push(response.body().catch(() => null));
  };
  page.on('response', onResponse);
  return {
    async stop() {
      page.off('response', onResponse);
      const bodies = (await Promise.all(pending)).filter((body): body is Buffer => body !== null);
      return {
        files: bodies.length,
        gzipBytes: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
        rawBytes: bodies.reduce((sum, body) => sum + body.length, 0),
      };
    },
  };
}

/** Client-side navigation, as a click on a link in the shell would do. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
