import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_ROTATION, logCapBytes, startManaged } from '../../scripts/lib/process.ts';

// The supervisor's log files (scripts/lib/process.ts), with a small cap.
describe('rotated process logs', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('rotates a log by size and keeps at most the cap, the newest lines in <name>.log', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ferry-log-rotation-'));
    const rotation = { fileBytes: 64 * 1024, files: 3 };
    // 20,000 lines of 100 bytes: 2 MB, over five times the cap (3 × (64 KiB + one pipe read of ≤ 64 KiB)).
    const script = `for (let i = 0; i < 20000; i++) process.stdout.write(String(i).padStart(6, '0') + ' ' + 'x'.repeat(92) + '\\n')`;
    const p = startManaged('chatty', process.execPath, ['-e', script], {
      cwd: process.cwd(),
      env: process.env,
      logFile: join(dir, 'chatty.log'),
      logRotation: rotation,
    });
    expect(await p.exited).toBe(0);

    const files = readdirSync(dir).sort();
    expect(files).toEqual(['chatty.log', 'chatty.log.1', 'chatty.log.2']);
    const bytes = files.reduce((sum, f) => sum + statSync(join(dir!, f)).size, 0);
    expect(bytes).toBeLessThanOrEqual(logCapBytes(rotation));
    for (const f of files.slice(1)) expect(statSync(join(dir, f)).size).toBeGreaterThanOrEqual(rotation.fileBytes);
    // Oldest first, the files hold the output's last lines, whole and in order, to the very last one.
    const kept = [...files]
      .reverse()
      .map((f) => readFileSync(join(dir!, f), 'utf8'))
      .join('')
      .split('\n');
    expect(kept.pop()).toBe('');
    const numbers = kept.map((line) => {
      expect(line).toMatch(/^\d{6} x{92}$/);
      return Number(line.slice(0, 6));
    });
    expect(numbers.at(-1)).toBe(19_999);
    expect(numbers[0]).toBeGreaterThan(0);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
  });

  it("caps npm start's logs at 5 files of 20 MiB", () => {
    expect(LOG_ROTATION).toEqual({ fileBytes: 20 * 1024 * 1024, files: 5 });
    expect(logCapBytes(LOG_ROTATION)).toBeLessThan(101 * 1024 * 1024);
  });
});
