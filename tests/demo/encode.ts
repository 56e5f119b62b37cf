import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Frame } from './screencast.ts';

const run = promisify(execFile);

/** Debian's ffmpeg (package `ffmpeg`); FERRY_FFMPEG overrides. */
export const FFMPEG = process.env.FERRY_FFMPEG ?? '/usr/bin/ffmpeg';

export interface VideoSettings {
  width: number;
  height: number;
  fps: number;
  /** VP9 constant quality (0-63; higher is smaller). */
  crf: number;
}

/**
 * Encodes the frames into a WebM (VP9) at a constant frame rate: each frame is held until the next
 * one's time (ffmpeg's concat list with durations), the last one until `length`.
 */
export async function encodeWebm(
  frames: readonly Frame[],
  length: number,
  out: string,
  v: VideoSettings,
): Promise<void> {
  if (frames.length === 0) throw new Error('no frames were recorded');
  const dir = mkdtempSync(join(tmpdir(), 'ferry-demo-frames-'));
  try {
    const lines = ['ffconcat version 1.0'];
    frames.forEach((frame, i) => {
      const name = `f${String(i).padStart(5, '0')}.jpg`;
      writeFileSync(join(dir, name), frame.jpeg);
      const until = i + 1 < frames.length ? frames[i + 1]!.at : length;
      lines.push(`file ${name}`, `duration ${Math.max(until - frame.at, 0.001).toFixed(3)}`);
    });
    // The concat demuxer ignores the last entry's duration unless the file is listed again.
    lines.push(`file f${String(frames.length - 1).padStart(5, '0')}.jpg`);
    writeFileSync(join(dir, 'frames.txt'), `${lines.join('\n')}\n`);
    const filter = `scale=${v.width}:${v.height}:force_original_aspect_ratio=decrease:flags=lanczos,pad=${v.width}:${v.height}:-1:-1:color=white,fps=${v.fps},format=yuv420p`;
    const common = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      join(dir, 'frames.txt'),
      '-vf',
      filter,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      String(v.crf),
      '-row-mt',
      '1',
      '-tile-columns',
      '1',
      '-g',
      String(v.fps * 10),
      '-an',
    ];
    // Two passes: the second spends the bits where the screen changes.
    const log = join(dir, 'pass');
    await run(
      FFMPEG,
      [...common, '-pass', '1', '-passlogfile', log, '-deadline', 'good', '-cpu-used', '4', '-f', 'webm', '/dev/null'],
      { maxBuffer: 1 << 24 },
    );
    await run(FFMPEG, [...common, '-pass', '2', '-passlogfile', log, '-deadline', 'good', '-cpu-used', '2', out], {
      maxBuffer: 1 << 24,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One frame of the video at `at` seconds as a WebP still. */
export async function posterWebp(video: string, at: number, out: string): Promise<void> {
  await run(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    at.toFixed(3),
    '-i',
    video,
    '-frames:v',
    '1',
    '-c:v',
    'libwebp',
    '-quality',
    '80',
    out,
  ]);
}
