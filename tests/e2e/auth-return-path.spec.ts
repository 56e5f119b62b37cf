import { expect, test } from '@playwright/test';
import { completeProviderSignIn } from './support/auth.ts';

test.use({ locale: 'en-US' });

const HOSTILE = ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)'];

for (const next of HOSTILE) {
  test(`the return path ${JSON.stringify(next)} never leaves the origin`, async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const left: string[] = [];
    page.on('framenavigated', (frame) => {
      const url = frame.url();
      if (
        frame === page.mainFrame() &&
        !url.startsWith(origin) &&
        !url.startsWith('http://localhost') &&
        !url.startsWith('about:')
      )
        left.push(url);
    });
    // Remembered by the shell (as if a page had stored it) and sent to the gateway directly.
    await page.goto('/');
    await page.evaluate((p) => window.sessionStorage.setItem('ferry_return_path', p), next);
    await page.goto(`/api/auth/login?next=${encodeURIComponent(next)}`);
    await completeProviderSignIn(page, baseURL!, 'return.path@example.com');
    await expect(page).toHaveURL((url) => url.origin === origin && url.pathname === '/upload');
    expect(left.filter((u) => u.includes('evil.example') || u.startsWith('javascript:'))).toEqual([]);
  });
}
