import { expect, test, type Page, type TestInfo } from '@playwright/test';

/**
 * Journey: a visitor on the landing page presses "View demo". Nothing of the video is fetched
 * before that; then a dialog takes focus, the recorded video plays with captions in the page's
 * language, and Escape, the close button or a click outside close it and give focus back to the
 * button. Screenshots of the open modal at desktop and phone size are attached to the report.
 */
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Requests for the demo's media (video, poster, captions) from the page's start. */
function demoMediaRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/\/demo\/[^/?]+\.(webm|webp|vtt)(\?|$)/.test(request.url())) seen.push(request.url());
  });
  return seen;
}

async function openLanding(page: Page, language: string) {
  await page.goto(`/?lng=${language}`);
  const button = page.locator('[data-remote="marketing"] [data-demo-trigger]').first();
  await expect(button).toBeEnabled();
  return button;
}

const currentTime = (page: Page) =>
  page
    .getByTestId('demo-modal')
    .locator('video')
    .evaluate((v: HTMLVideoElement) => v.currentTime);

async function screenshotAtBothSizes(page: Page, testInfo: TestInfo): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const path = testInfo.outputPath(`demo-modal-${size.name}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`demo-modal-${size.name}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('demo video modal', () => {
  test.use({ locale: 'en-US', viewport: { width: 1280, height: 800 } });

  test('loads nothing before it opens; then takes focus, plays with English captions, and Escape gives focus back', async ({
    page,
  }, testInfo) => {
    const media = demoMediaRequests(page);
    const button = await openLanding(page, 'en');
    await expect(button).toHaveText('View demo');
    await button.hover();
    await page.waitForLoadState('networkidle');
    expect(media, 'no demo media before the modal opens').toEqual([]);
    await expect(page.locator('video')).toHaveCount(0);

    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Ferry in action' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const video = dialog.locator('video');
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video).toHaveAttribute('playsinline', '');

    // It plays: the clock moves on, and the English captions are loaded and shown.
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
    expect(media.some((url) => /\/demo\/ferry-demo\.[0-9a-f]{10}\.webm/.test(url))).toBe(true);
    expect(media.some((url) => /\/demo\/captions\.en\.[0-9a-f]{10}\.vtt/.test(url))).toBe(true);
    const captions = () =>
      video.evaluate((v: HTMLVideoElement) => ({
        language: v.textTracks[0]?.language,
        mode: v.textTracks[0]?.mode,
        cues: v.textTracks[0]?.cues?.length ?? 0,
      }));
    await expect.poll(async () => (await captions()).cues).toBeGreaterThanOrEqual(6);
    expect(await captions()).toMatchObject({ language: 'en', mode: 'showing' });
    await screenshotAtBothSizes(page, testInfo);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the close button and a click outside close it too; an Arabic page gets Arabic captions', async ({ page }) => {
    const media = demoMediaRequests(page);
    const button = await openLanding(page, 'ar');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'شاهد Ferry وهو يعمل' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('track')).toHaveAttribute('srclang', 'ar');
    await expect.poll(() => media.some((url) => /\/demo\/captions\.ar\.[0-9a-f]{10}\.vtt/.test(url))).toBe(true);
    await dialog.getByRole('button', { name: 'إغلاق' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(8, 8);
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });
});
