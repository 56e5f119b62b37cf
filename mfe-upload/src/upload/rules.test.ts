// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contentRange, nextChunk, offsetFromRange, statusRange } from './chunks';
import { CHUNK_SIZE, GiB, MiB } from './constants';
import { displayPhase, transition, type Phase } from './phase';
import { datePart, effectiveThreshold, firstNameOf, planUpload } from './plan';
import { addToQueue, canUpload, normalisePath, queueBytes, removeFromQueue, type QueueItem } from './queue';
import { formatFreeSpace, formatSize } from './size-label';

const file = (name: string, size: number) => ({ name, size, type: '', lastModified: 0 }) as unknown as File;
const item = (path: string, size = 1): QueueItem => ({ file: file(path.split('/').pop()!, size), path });

describe('queue rules (spec §5)', () => {
  it('ignores duplicate paths, in the queue and within one batch', () => {
    const q = addToQueue([item('a.txt')], [item('a.txt'), item('dir/b.txt'), item('dir/b.txt'), item('c.txt')]);
    expect(q.map((i) => i.path)).toEqual(['a.txt', 'dir/b.txt', 'c.txt']);
  });
  it('keeps the relative path of folder items and normalises it', () => {
    expect(normalisePath('/photos\\2024/./x.jpg')).toBe('photos/2024/x.jpg');
    const q = addToQueue([], [{ file: file('x.jpg', 3), path: '' }]);
    expect(q[0]!.path).toBe('x.jpg');
  });
  it('removes one, counts bytes', () => {
    const q = addToQueue([], [item('a', 10), item('b', 20)]);
    expect(removeFromQueue(q, 'a').map((i) => i.path)).toEqual(['b']);
    expect(queueBytes(q)).toBe(30);
  });
  it('upload needs a non-empty queue, a drive session and no running upload', () => {
    const q = [item('a')];
    expect(canUpload(q, true, false)).toBe(true);
    expect(canUpload([], true, false)).toBe(false);
    expect(canUpload(q, false, false)).toBe(false);
    expect(canUpload(q, true, true)).toBe(false);
  });
});

describe('size labels (spec §5)', () => {
  it('uses B under 1024 and steps of 1024 up to PB', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(12 * MiB)).toBe('12 MB');
    expect(formatSize(200 * MiB)).toBe('200 MB');
    expect(formatSize(GiB)).toBe('1 GB');
    expect(formatSize(1024 ** 4)).toBe('1 TB');
    expect(formatSize(3 * 1024 ** 5)).toBe('3 PB');
    expect(formatSize(5 * 1024 ** 6)).toBe('5120 PB');
    expect(formatSize(Number.NaN)).toBe('—');
  });
  it('free space: GB with two decimals, or a dash alone when unknown', () => {
    expect(formatFreeSpace(15 * GiB)).toBe('15.00 GB');
    expect(formatFreeSpace(1.234 * GiB)).toBe('1.23 GB');
    expect(formatFreeSpace(1.234 * GiB, 'de')).toBe('1,23 GB');
    expect(formatFreeSpace(null)).toBe('—');
    expect(formatFreeSpace(NaN)).toBe('—');
  });
});

describe('phase machine (spec §4)', () => {
  const walk = (...phases: Phase[]) => phases.reduce((from, to) => transition(from, to), 'idle' as Phase);
  it('allows the single, zip and folder paths and a return to idle from anywhere', () => {
    expect(walk('preparing', 'init', 'uploading', 'finalizing', 'idle')).toBe('idle');
    expect(walk('preparing', 'init', 'zipping', 'uploading', 'finalizing', 'idle')).toBe('idle');
    for (const p of ['preparing', 'zipping', 'init', 'uploading', 'finalizing'] as Phase[]) {
      expect(() => transition(p, 'idle')).not.toThrow();
    }
  });
  it('rejects skipping preparing or going back to preparing', () => {
    expect(() => transition('idle', 'uploading')).toThrow();
    expect(() => transition('uploading', 'preparing')).toThrow();
    expect(() => transition('finalizing', 'zipping')).toThrow();
  });
  it('uploading at 0 % is labelled init', () => {
    expect(displayPhase('uploading', 0)).toBe('init');
    expect(displayPhase('uploading', 1)).toBe('uploading');
    expect(displayPhase('zipping', 0)).toBe('zipping');
  });
});

describe('chunk arithmetic (spec §7)', () => {
  it('5 MiB chunks: a 12 MiB file takes 3 PUTs with inclusive Content-Range', () => {
    const total = 12 * MiB;
    const ranges: string[] = [];
    for (let offset = 0; offset < total; ) {
      const { start, end } = nextChunk(offset, total, CHUNK_SIZE);
      ranges.push(contentRange(start, end, total));
      offset = end;
    }
    expect(ranges).toEqual([
      `bytes 0-5242879/${total}`,
      `bytes 5242880-10485759/${total}`,
      `bytes 10485760-12582911/${total}`,
    ]);
  });
  it('chunk sizes must be multiples of 256 KiB', () => {
    expect(() => nextChunk(0, 10, 1000)).toThrow();
    expect(CHUNK_SIZE % (256 * 1024)).toBe(0);
  });
  it('an empty upload and a status query say bytes */total', () => {
    expect(contentRange(0, 0, 0)).toBe('bytes */0');
    expect(statusRange(99)).toBe('bytes */99');
  });
  it('continues from the 308 Range (bytes=0-N or 0-N); none means 0', () => {
    expect(offsetFromRange('bytes=0-5242879')).toBe(5_242_880);
    expect(offsetFromRange('0-42')).toBe(43);
    expect(offsetFromRange(null)).toBe(0);
  });
});

describe('zip naming and the threshold rule (spec §9)', () => {
  const now = new Date(2026, 4, 3, 10, 0, 0);
  it('one file uploads as it is', () => {
    expect(planUpload([item('a', 5 * GiB)], GiB, now, 'anna').kind).toBe('single');
  });
  it('several files under the threshold are zipped as upload_{date}_{firstname}_{n}_files.zip', () => {
    const plan = planUpload([item('a', 10), item('b', 20), item('c/d', 30)], GiB, now, 'Anna');
    expect(plan).toMatchObject({ kind: 'zip', name: 'upload_2026-05-03_anna_3_files.zip' });
  });
  it('a total of exactly the threshold or more becomes a folder', () => {
    expect(planUpload([item('a', GiB / 2), item('b', GiB / 2)], GiB, now, 'anna')).toMatchObject({
      kind: 'folder',
      name: 'upload_2026-05-03_anna_2_files',
    });
    expect(planUpload([item('a', GiB / 2), item('b', GiB / 2 - 1)], GiB, now, 'anna').kind).toBe('zip');
  });
  it('the threshold is configurable and a positive override wins', () => {
    expect(effectiveThreshold(GiB, '4096')).toBe(4096);
    expect(effectiveThreshold(GiB, 'nonsense')).toBe(GiB);
    expect(effectiveThreshold(GiB, null)).toBe(GiB);
    expect(planUpload([item('a', 3000), item('b', 2000)], effectiveThreshold(GiB, '4096'), now, 'x').kind).toBe(
      'folder',
    );
  });
  it('first name from the profile, else the e-mail; date as YYYY-MM-DD', () => {
    expect(firstNameOf({ name: 'Zoë de Vries', email: 'z@x.nl' })).toBe('zoe');
    expect(firstNameOf({ email: 'jan.jansen@example.com' })).toBe('jan');
    expect(firstNameOf(null)).toBe('user');
    expect(datePart(now)).toBe('2026-05-03');
  });
});
