import { expect, test } from '@playwright/test';

test.use({ locale: 'en-US' });

const HTML_PAGES = [
  '/',
  '/faq',
  '/privacy',
  '/terms',
  '/upload?x=1',
  '/account',
  '/r/abc12345',
  '/auth/callback',
  '/no/such/page',
];

function directives(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

test('every HTML page carries a CSP that allows scripts only from Ferry origins', async ({ request, baseURL }) => {
  for (const path of HTML_PAGES) {
    const res = await request.get(path, { headers: { accept: 'text/html' } });
    // An unknown path is a real 404 page, with the same headers as every other page.
    expect(res.status(), path).toBe(path === '/no/such/page' ? 404 : 200);
    expect(res.headers()['content-type'], path).toContain('text/html');
    const csp = directives(res.headers()['content-security-policy']);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts[0], path).toBe("'self'");
    expect(scripts, path).not.toContain("'unsafe-inline'");
    expect(scripts, path).not.toContain("'unsafe-eval'");
    for (const source of scripts.slice(1)) expect(source, path).toMatch(/^https?:\/\/[^*]+$/);
    expect(csp.get('object-src'), path).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(res.headers()['x-frame-options'], path).toBe('DENY');
    const permissions = new Map(
      (res.headers()['permissions-policy'] ?? '').split(',').map((p) => p.trim().split('=') as [string, string]),
    );
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
      expect(permissions.get(feature), `${path} ${feature}`).toBe('()');
    expect(res.headers()['referrer-policy'], path).toBe('no-referrer');
    // The HTML itself has no inline script: every <script> has a src, or is a JSON data block the
    // browser never runs (the remotes manifest the gateway writes into the page).
    const html = await res.text();
    for (const tag of html.match(/<script\b[^>]*>/gi) ?? [])
      expect(tag, path).toMatch(/\ssrc=|\stype="application\/json"/i);
  }
  expect(`${new URL(baseURL!).origin}`).toMatch(/^http/);
});

test('no inline script runs, and the app itself loads without a CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto('/faq');
  await expect(page.locator('[data-remote-slot="marketing"] h1')).toBeVisible();
  expect(violations).toEqual([]);

  // Resolves once the browser reported both refusals (an inline <script> and an inline handler).
  const blocked = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; violated: string[] }>((resolve) => {
        const violated: string[] = [];
        const w = window as unknown as Record<string, unknown>;
        document.addEventListener('securitypolicyviolation', (e) => {
          violated.push(e.effectiveDirective);
          if (violated.length === 2) resolve({ ran: Boolean(w.__ferryInlineRan || w.__ferryAttrRan), violated });
        });
        const s = document.createElement('script');
        s.textContent = 'window.__ferryInlineRan = true';
        document.head.appendChild(s);
        const img = document.createElement('img');
        img.setAttribute('onerror', 'window.__ferryAttrRan = true');
        img.src = 'data:,x';
        document.body.appendChild(img);
      }),
  );
  expect(blocked.ran).toBe(false);
  expect(blocked.violated.sort()).toEqual(['script-src-attr', 'script-src-elem']);
});
