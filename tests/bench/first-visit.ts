/**
 * The first-visit benchmark (not part of npm test): Chromium on emulated slow 4G (150 ms round
 * trip, 1.6 Mbit/s down, 750 Kbit/s up), a fresh cache per visit, the landing page and a real
 * download page. Prints time to main text, time to usable, compressed JavaScript before usable
 * and the longest chain of sequential requests.
 *
 *   npm run build && npm run bench:first-visit -w @ferry/tests
 *   FERRY_BASE_URL=http://localhost:8080 … npm run bench:first-visit -w @ferry/tests   # a running product
 *
 * Goals (issue "The public face"): main text ≤ 1.5 s, usable ≤ 2.5 s, JavaScript ≤ 120 KB.
 */
import { chromium } from '@playwright/test';
import { devToken, shorten, uploadSharedFile } from '../load/lib/fixtures.ts';
import { stackForSuite } from '../support/stack.ts';
import { measureFirstVisit, SLOW_4G, USABLE, type FirstVisit } from './first-visit-measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 1);

const stack = await stackForSuite();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const ep = { baseUrl: stack.baseUrl, issuer: stack.identityIssuer, driveRootUrl: stack.driveRootUrl };
  const token = await devToken(ep, 'first-visit-bench@example.com');
  const fileId = await uploadSharedFile(ep, token, 'holiday-photos.zip', Buffer.alloc(64 * 1024, 'f'));
  const { shortId } = await shorten(ep, token, fileId);
  const pages = [
    { name: 'landing', url: `${stack.baseUrl}/`, usable: USABLE.landing },
    { name: 'download', url: `${stack.baseUrl}/r/${shortId}`, usable: USABLE.download },
  ];
  // One unthrottled visit each warms the server's file caches; it is not reported.
  for (const p of pages) await measureFirstVisit(browser, p.url, p.usable);
  const rows: (FirstVisit & { name: string })[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const p of pages)
      rows.push({ name: p.name, ...(await measureFirstVisit(browser, p.url, p.usable, { throttle: SLOW_4G })) });
  }
  console.log(
    `first visit on slow 4G (150 ms RTT, 1.6 Mbit/s down, 750 Kbit/s up), Chromium ${browser.version()}, Node ${process.version}`,
  );
  console.log('page       main text   usable    JS before usable      requests  round trips');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(10)} ${`${r.mainTextMs} ms`.padStart(9)} ${`${r.usableMs} ms`.padStart(9)}   ${`${(r.jsBytes / 1024).toFixed(1)} KB in ${r.jsFiles} files`.padEnd(20)} ${String(r.requests).padStart(8)} ${String(r.roundTrips).padStart(12)}`,
    );
  }
  const missed = rows.filter((r) => r.mainTextMs > 1500 || r.usableMs > 2500 || r.jsBytes > 120 * 1024);
  console.log(
    missed.length === 0
      ? 'goals met: main text ≤ 1.5 s, usable ≤ 2.5 s, JS ≤ 120 KB'
      : `goals missed on: ${[...new Set(missed.map((r) => r.name))].join(', ')}`,
  );
} finally {
  await browser.close();
  await stack.stop();
}
