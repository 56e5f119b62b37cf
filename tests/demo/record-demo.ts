/**
 * Makes the landing page's demo video from the real product: starts a private stack (free ports;
 * or uses the one FERRY_BASE_URL & co. name), drives it in Chromium (sign in, drop a folder, copy
 * the link; a stranger opens the link and downloads), records the screencast and encodes it with
 * Debian's ffmpeg. Writes the video, its poster and one WebVTT caption file per language into
 * mfe-marketing/public/demo/, and the list of those files into the modal's demo-media.ts.
 *
 *   npm run demo:record -w @ferry/tests                      # record, encode, captions
 *   npm run demo:record -w @ferry/tests -- --captions-only   # captions only, from the stored step times
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, type Browser, type Page } from '@playwright/test';
import { SUPPORTED_LANGUAGES, type LanguageCode } from '@ferry/rules';
import playwrightConfig from '../playwright.config.ts';
import { completeProviderSignIn } from '../e2e/support/auth.ts';
import { stackForSuite } from '../support/stack.ts';
import { CAPTION_TEXT, DEMO_STEPS, type DemoStep } from './caption-text.ts';
import { encodeWebm, posterWebp, type VideoSettings } from './encode.ts';
import { carry, glideAndClick, glideTo, installPointer } from './pointer.ts';
import { ScreencastRecorder } from './screencast.ts';
import { cuesFromSteps, webVtt } from './webvtt.ts';

const VIDEO: VideoSettings = { width: 960, height: 600, fps: 12, crf: 42 };
const OWNER = 'anna@example.com';
/** Reading time the viewer gets on each screen. */
const PAUSE_MS = 2_200;

const repo = fileURLToPath(new URL('../../', import.meta.url));
const publicDir = join(repo, 'mfe-marketing', 'public');
const outDir = join(publicDir, 'demo');
const mediaModule = join(repo, 'mfe-marketing', 'src', 'components', 'demo', 'demo-media.ts');

const pause = (ms = PAUSE_MS) => new Promise((resolve) => setTimeout(resolve, ms));

async function newViewer(browser: Browser, permissions: string[] = []): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: VIDEO.width, height: VIDEO.height },
    locale: 'en-US',
    permissions,
    acceptDownloads: true,
  });
  await context.addInitScript(installPointer);
  return context.newPage();
}

/** The folder the owner drops: a few small files (random bytes: nobody opens them). */
function demoFolder(): string {
  const folder = join(mkdtempSync(join(tmpdir(), 'ferry-demo-folder-')), 'summer-trip');
  mkdirSync(folder);
  for (const [name, size] of Object.entries({
    'beach.jpg': 240_000,
    'sunset.jpg': 310_000,
    'itinerary.pdf': 85_000,
    'notes.txt': 3_000,
  }))
    writeFileSync(join(folder, name), randomBytes(size));
  return folder;
}

/** The journey, recorded; returns the video's length and when its poster frame is (seconds). */
async function perform(
  browser: Browser,
  baseUrl: string,
  rec: ScreencastRecorder<DemoStep>,
): Promise<{ posterAt: number; length: number }> {
  const owner = await newViewer(browser, ['clipboard-read', 'clipboard-write']);
  await owner.goto(`${baseUrl}/?lng=en`);
  const marketing = owner.locator('[data-remote="marketing"]');
  const tryButton = marketing.getByRole('button', { name: 'Try for free' }).first();
  await expect(tryButton).toBeEnabled({ timeout: 30_000 });
  await rec.follow(owner);
  rec.mark('landing');
  await pause();
  // The identity provider's pages are a local stand-in for Google's: not part of the video, which
  // pauses between the press and the release that starts the sign-in.
  await glideTo(owner, tryButton);
  await owner.mouse.down();
  await pause(300);
  await rec.pause();
  await owner.mouse.up();
  await completeProviderSignIn(owner, baseUrl, OWNER);
  if (new URL(owner.url()).pathname !== '/upload') await owner.goto(`${baseUrl}/upload?lng=en`);
  const dropzone = owner.getByTestId('dropzone');
  await expect(dropzone).toHaveAttribute('aria-disabled', 'false', { timeout: 30_000 });
  await expect(owner.getByTestId('free-space')).toBeVisible();
  await expect(owner.getByTestId('uploaded-empty')).toBeVisible();

  await rec.follow(owner);
  rec.mark('signedIn');
  await pause();

  rec.mark('dropFolder');
  const folder = demoFolder();
  await owner.mouse.move(90, 120);
  await carry(owner, 'summer-trip (4 files)');
  await glideTo(owner, dropzone.locator('p').first(), 1_100);
  await dropzone.dispatchEvent('dragover');
  await pause(600);
  await owner.getByTestId('folder-input').setInputFiles(folder);
  await dropzone.dispatchEvent('dragleave');
  await carry(owner, null);
  await expect(owner.getByTestId('queue-count')).toHaveText('4 files');
  await pause();

  rec.mark('uploading');
  await glideAndClick(owner, owner.getByTestId('upload-button'));
  const row = owner.getByTestId('uploaded-row').first();
  await expect(row).toBeVisible({ timeout: 60_000 });
  rmSync(join(folder, '..'), { recursive: true, force: true });
  await pause();

  rec.mark('copyLink');
  await glideAndClick(owner, row.getByTestId('row-copy'));
  const link = await owner.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^https?:\/\//);
  await pause();

  // The stranger's page loads off camera.
  await rec.pause();
  const stranger = await newViewer(browser);
  await stranger.goto(link);
  const download = stranger.locator('[data-remote="download"]').getByRole('link', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await rec.follow(stranger);
  rec.mark('recipient');
  // The poster: what a recipient sees, the clearest picture of what Ferry does.
  const posterAt = rec.now() + 0.8;
  await pause(PAUSE_MS + 800);

  rec.mark('download');
  const downloading = stranger.waitForEvent('download');
  await glideAndClick(stranger, download);
  await downloading;
  await pause();

  // The list asks for new counts every few seconds; the video skips that wait.
  await rec.pause();
  await owner.bringToFront();
  await expect(row.getByTestId('row-downloads')).toContainText('1', { timeout: 20_000 });
  await rec.follow(owner);
  rec.mark('counted');
  await pause(PAUSE_MS + 500);
  const length = await rec.finish();
  await owner.context().close();
  await stranger.context().close();
  return { posterAt, length };
}

const shortHash = (data: Buffer | string) => createHash('sha256').update(data).digest('hex').slice(0, 10);

/** Writes `data` under demo/ with its content hash in the name (cached for good); returns the path from public/. */
function writeHashed(base: string, ext: string, data: Buffer | string): string {
  const file = join(outDir, `${base}.${shortHash(data)}.${ext}`);
  writeFileSync(file, data);
  return relative(publicDir, file);
}

/** What demo-media.ts holds: the files (paths from public/), the video's size and length, and when each step starts. */
interface DemoMedia {
  video: string;
  poster: string;
  width: number;
  height: number;
  duration: number;
  steps: Record<DemoStep, number>;
  captions: Record<LanguageCode, string>;
}

function mediaSource(media: DemoMedia): string {
  return `// Written by \`npm run demo:record -w @ferry/tests\` (tests/demo/record-demo.ts); do not edit.
import type { LanguageCode } from '@ferry/shell-sdk';

/** The demo video's files under this remote's public folder (content-hashed names). */
export const DEMO_MEDIA: {
  video: string;
  poster: string;
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
  /** When each step of the journey starts (seconds): where its caption begins. */
  steps: Record<string, number>;
  captions: Record<LanguageCode, string>;
} = ${JSON.stringify(media, null, 2)};
`;
}

/** One caption file per language from the step marks (old caption files removed). */
function writeCaptions(steps: Record<DemoStep, number>, length: number): Record<LanguageCode, string> {
  for (const old of readdirSync(outDir).filter((f) => /^captions\..+\.vtt$/.test(f))) rmSync(join(outDir, old));
  const captions = {} as Record<LanguageCode, string>;
  for (const lng of SUPPORTED_LANGUAGES) {
    const cues = cuesFromSteps(
      DEMO_STEPS.map((step) => ({ at: steps[step], text: CAPTION_TEXT[lng][step] })),
      length,
    );
    captions[lng] = writeHashed(`captions.${lng}`, 'vtt', webVtt(cues));
  }
  return captions;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Records the journey and writes the video, the poster and the captions. */
async function record(): Promise<void> {
  const stack = await stackForSuite();
  const launch = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ ...launch, headless: true });
  const rec = new ScreencastRecorder<DemoStep>(VIDEO);
  let posterAt: number;
  let length: number;
  try {
    ({ posterAt, length } = await perform(browser, stack.baseUrl, rec));
  } finally {
    await browser.close();
    await stack.stop();
  }
  const marks = new Map(rec.steps.map((s) => [s.step, s.at]));
  const missing = DEMO_STEPS.filter((s) => !marks.has(s));
  if (missing.length) throw new Error(`steps not recorded: ${missing.join(', ')}`);
  const steps = Object.fromEntries(DEMO_STEPS.map((step) => [step, round(marks.get(step)!)])) as Record<
    DemoStep,
    number
  >;

  const work = mkdtempSync(join(tmpdir(), 'ferry-demo-'));
  try {
    const video = join(work, 'demo.webm');
    await encodeWebm(rec.frames, length, video, VIDEO);
    const poster = join(work, 'poster.webp');
    await posterWebp(video, posterAt, poster);

    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const duration = round(length);
    const media: DemoMedia = {
      video: writeHashed('ferry-demo', 'webm', readFileSync(video)),
      poster: writeHashed('ferry-demo', 'webp', readFileSync(poster)),
      width: VIDEO.width,
      height: VIDEO.height,
      duration,
      steps,
      captions: writeCaptions(steps, duration),
    };
    writeFileSync(mediaModule, mediaSource(media));
    const kb = (path: string) => `${Math.round(statSync(join(publicDir, path)).size / 1024)} KB`;
    console.log(
      `[demo] ${length.toFixed(1)} s, ${rec.frames.length} frames → ${media.video} (${kb(media.video)}), poster ${media.poster} (${kb(media.poster)}), ${SUPPORTED_LANGUAGES.length} caption files`,
    );
    for (const step of DEMO_STEPS) console.log(`[demo]   ${steps[step].toFixed(1).padStart(5)} s  ${step}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Only the captions again (after a change of caption-text.ts), timed from the recorded steps. */
async function captionsOnly(): Promise<void> {
  const { DEMO_MEDIA } = (await import(mediaModule)) as { DEMO_MEDIA: DemoMedia };
  const missing = DEMO_STEPS.filter((step) => typeof DEMO_MEDIA.steps?.[step] !== 'number');
  if (missing.length) throw new Error(`demo-media.ts has no time for: ${missing.join(', ')}; record the video again`);
  const media: DemoMedia = { ...DEMO_MEDIA, captions: writeCaptions(DEMO_MEDIA.steps, DEMO_MEDIA.duration) };
  writeFileSync(mediaModule, mediaSource(media));
  console.log(`[demo] ${SUPPORTED_LANGUAGES.length} caption files written from the steps in demo-media.ts`);
}

if (process.argv.includes('--captions-only')) await captionsOnly();
else await record();
