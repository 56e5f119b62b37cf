import { expect, test } from '@playwright/test';
import { measureFirstVisit, USABLE } from '../bench/first-visit-measure.ts';
import { devToken, endpointsFromEnv, shorten, uploadSharedFile } from '../load/lib/fixtures.ts';

/**
 * The JavaScript a first visit needs, counted in Chromium as it arrives (compressed, on the wire)
 * until the page is usable: "Try for free" enabled on the landing page, the Download button live
 * on a download page. The goal is 120 KB; the budget below holds today's build to what it
 * reached, so a change that adds to the first visit fails here (`npm run bench:first-visit` prints
 * the same figures on slow 4G).
 */
// Measured 220.4 KB (landing) and 218.7 KB (download) with the Module Federation runtime shipped once.
const JS_BUDGET_BYTES = 230 * 1024;

test('a first visit to the landing page and a download page stays inside the JavaScript budget', async ({
  browser,
  baseURL,
}) => {
  const ep = endpointsFromEnv();
  const token = await devToken(ep, 'first-visit-budget@example.com');
  const fileId = await uploadSharedFile(ep, token, 'budget.txt', Buffer.from('first visit\n'));
  const { shortId } = await shorten(ep, token, fileId);
  for (const [name, path, usable] of [
    ['landing', '/', USABLE.landing],
    ['download', `/r/${shortId}`, USABLE.download],
  ] as const) {
    const visit = await measureFirstVisit(browser, `${baseURL}${path}`, usable);
    const line = `${name}: ${(visit.jsBytes / 1024).toFixed(1)} KB of JavaScript in ${visit.jsFiles} files before usable, ${visit.requests} requests, ${visit.roundTrips} sequential round trips`;
    console.log(`[first-visit] ${line}`);
    test.info().annotations.push({ type: 'first-visit', description: line });
    expect(visit.jsFiles, name).toBeGreaterThan(0);
    expect(visit.jsBytes, name).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    // HTML, then everything it preloads, then the page's API calls: no chain of waits.
    expect(visit.roundTrips, name).toBeLessThanOrEqual(3);
  }
});
