// @vitest-environment node
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@ferry/shell-sdk';
import { DEMO_MEDIA } from './demo-media';

const publicDir = fileURLToPath(new URL('../../../public/', import.meta.url));
const cueTimes = /^(\d{2}):(\d{2}):(\d{2})\.(\d{3}) --> (\d{2}):(\d{2}):(\d{2})\.(\d{3})$/;
const seconds = (h: string, m: string, s: string, ms: string) =>
  Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

describe('the demo video files', () => {
  it('the video (WebM, a few hundred KB) and its poster are in the public folder', () => {
    const video = `${publicDir}${DEMO_MEDIA.video}`;
    expect(DEMO_MEDIA.video).toMatch(/^demo\/ferry-demo\.[0-9a-f]{10}\.webm$/);
    expect(readFileSync(video).subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(statSync(video).size).toBeLessThan(900 * 1024);
    expect(DEMO_MEDIA.poster).toMatch(/^demo\/ferry-demo\.[0-9a-f]{10}\.webp$/);
    expect(readFileSync(`${publicDir}${DEMO_MEDIA.poster}`).subarray(8, 12).toString()).toBe('WEBP');
    expect(DEMO_MEDIA.duration).toBeGreaterThan(15);
    expect(DEMO_MEDIA.duration).toBeLessThan(60);
  });

  it('every supported language has its captions: the same cues at the same times, within the video, in its own words', () => {
    const parsed = SUPPORTED_LANGUAGES.map((language) => {
      const file = `${publicDir}${DEMO_MEDIA.captions[language]}`;
      expect(existsSync(file), language).toBe(true);
      const text = readFileSync(file, 'utf8');
      expect(text.startsWith('WEBVTT\n'), language).toBe(true);
      const blocks = text
        .trim()
        .split(/\n\n+/)
        .slice(1)
        .map((b) => b.split('\n'));
      return { language, cues: blocks.map(([, times, ...lines]) => ({ times: times!, text: lines.join(' ') })) };
    });
    const english = parsed.find((p) => p.language === 'en')!;
    expect(english.cues.length).toBeGreaterThanOrEqual(6);
    for (const { language, cues } of parsed) {
      expect(
        cues.map((c) => c.times),
        language,
      ).toEqual(english.cues.map((c) => c.times));
      for (const cue of cues) {
        const [, ...t] = cueTimes.exec(cue.times)!;
        expect(seconds(t[0]!, t[1]!, t[2]!, t[3]!)).toBeLessThan(seconds(t[4]!, t[5]!, t[6]!, t[7]!));
        expect(seconds(t[4]!, t[5]!, t[6]!, t[7]!)).toBeLessThanOrEqual(DEMO_MEDIA.duration + 0.1);
        expect(cue.text.length, `${language}: ${cue.times}`).toBeGreaterThan(10);
      }
      if (language !== 'en')
        cues.forEach((cue, i) => {
          expect(cue.text, `${language} cue ${i + 1} is not English`).not.toBe(english.cues[i]!.text);
        });
    }
  });
});
