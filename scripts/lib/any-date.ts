import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './process.ts';
import { root } from './settings.ts';
import { add, emptyTally, vitestTally, type Tally } from './tally.ts';

/**
 * A moment the suites run at: a wall-clock time in each zone, or one instant for every zone.
 * The Berlin ones are 30 minutes before its clocks change, so a day or a month counted from them crosses the change;
 * they also run in Berlin itself.
 */
type Moment = ({ local: string } | { instant: string }) & { name: string; alsoIn?: string[] };

const MOMENTS: Moment[] = [
  { name: '2027-02-27 12:00', local: '2027-02-27T12:00:00' },
  { name: '2028-02-28 23:30', local: '2028-02-28T23:30:00' },
  { name: '2028-02-29 23:30', local: '2028-02-29T23:30:00' },
  { name: '2027-03-28 01:30 Berlin', instant: '2027-03-28T01:30:00+01:00', alsoIn: ['Europe/Berlin'] },
  { name: '2027-10-31 02:30 Berlin (CEST)', instant: '2027-10-31T02:30:00+02:00', alsoIn: ['Europe/Berlin'] },
  { name: '2027-12-31 23:30', local: '2027-12-31T23:30:00' },
];

const ZONES = ['UTC', 'Pacific/Auckland', 'America/Los_Angeles'];

/**
 * The suites whose results depend on the date: billing and the trial, link life and expiry, countdowns, statistics
 * per day. The link service's sweeper suite is not among them: the sweeper keeps the wall clock by design and its
 * suite waits minutes of it.
 */
const SUITES: Array<{ dir: string; files: string[] }> = [
  { dir: 'rules', files: ['src/countdown.test.ts', 'src/link-life.test.ts'] },
  {
    dir: 'services/billing',
    files: ['src/domain/access.test.ts', 'src/domain/reminders.test.ts', 'test/paying.test.ts', 'test/server.test.ts'],
  },
  {
    dir: 'services/link',
    files: ['src/domain/lifetime.test.ts', 'test/link-stats.test.ts', 'test/test-clock.test.ts'],
  },
  { dir: 'shell', files: ['src/auth/trial-start.test.ts'] },
  {
    dir: 'mfe-upload',
    files: [
      'src/list/link-life.test.ts',
      'src/components/UploadedRow.test.tsx',
      'src/components/DownloadsChart.test.tsx',
      'src/components/ExpiryPicker.test.tsx',
      'src/upload/expiry-default.test.ts',
    ],
  },
  {
    dir: 'mfe-download',
    files: [
      'src/lib/format.test.ts',
      'src/App.test.tsx',
      'src/components/TransferFiles.test.tsx',
      'src/components/LinkAccess.test.tsx',
    ],
  },
  { dir: 'mfe-account', files: ['src/domain/plan.test.ts', 'src/routes/AccountRoute.test.tsx'] },
];

/** The UTC offset of `zone` at `ms`, in milliseconds. */
function offsetMs(zone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant of `moment` in `zone` (a wall-clock time is read in that zone). */
export function instantOf(moment: Moment, zone: string): number {
  if ('instant' in moment) return Date.parse(moment.instant);
  const wall = Date.parse(`${moment.local}Z`);
  const first = wall - offsetMs(zone, wall);
  return wall - offsetMs(zone, first);
}

function hasFaketime(): boolean {
  try {
    execFileSync('faketime', ['--help'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

interface Row {
  moment: string;
  zone: string;
  tally: Tally;
  failedSuites: string[];
}

/**
 * `npm run test:any-date`: the date-sensitive suites with the clock at each moment in each zone. Every
 * process, the tests' own "now" included, reads the moment from libfaketime (Debian's `faketime`),
 * starting there and running on; PostgreSQL and Redis run on the real clock (the services never ask
 * the database for the time). `--moment=<text>` and `--zone=<text>` keep only the rows whose names
 * hold the text.
 */
export async function testAnyDate(args: string[]): Promise<void> {
  const pick = (flag: string) => args.find((a) => a.startsWith(`--${flag}=`))?.slice(flag.length + 3);
  const momentFilter = pick('moment');
  const zoneFilter = pick('zone');
  if (!hasFaketime()) {
    console.error('[ferry any-date] needs `faketime` (Debian: apt-get install faketime)');
    process.exit(1);
  }
  const { startPostgres, startRedis } = await import(join(root, 'services/testkit/dist/index.js'));
  const postgres = await startPostgres();
  const redis = await startRedis();
  const reports = mkdtempSync(join(tmpdir(), 'ferry-any-date-'));
  const rows: Row[] = [];
  try {
    for (const moment of MOMENTS.filter((m) => !momentFilter || m.name.includes(momentFilter))) {
      for (const zone of [...ZONES, ...(moment.alsoIn ?? [])].filter((z) => !zoneFilter || z.includes(zoneFilter))) {
        const at = instantOf(moment, zone);
        console.log(`\n[ferry any-date] ── ${moment.name} in ${zone} (${new Date(at).toISOString()})`);
        const row: Row = { moment: moment.name, zone, tally: emptyTally(), failedSuites: [] };
        for (const suite of SUITES) {
          const report = join(reports, `${rows.length}-${suite.dir.replaceAll('/', '-')}.json`);
          const vitest = join(root, 'node_modules/.bin/vitest');
          // An offset from the real clock, not a start time: every process of the run (Vitest's workers, servers
          // a test spawns) then reads the same moment, wherever it started.
          const offsetS = Math.round((at - Date.now()) / 1000);
          const code = await run(
            'faketime',
            [
              '-f',
              `${offsetS >= 0 ? '+' : ''}${offsetS}s`,
              vitest,
              'run',
              ...suite.files,
              '--reporter=dot',
              '--reporter=json',
              `--outputFile.json=${report}`,
            ],
            {
              cwd: join(root, suite.dir),
              env: {
                ...process.env,
                TZ: zone,
                FERRY_TEST_PG_URL: postgres.url,
                FERRY_TEST_REDIS_URL: redis.url,
              },
            },
          );
          const tally = vitestTally(report, code);
          add(row.tally, tally);
          if (tally.failed > 0) row.failedSuites.push(suite.dir);
        }
        rows.push(row);
      }
    }
  } finally {
    await Promise.all([postgres.stop(), redis.stop()]);
    rmSync(reports, { recursive: true, force: true });
  }

  console.log('\n[ferry any-date] results');
  console.log(`  ${'moment'.padEnd(32)} ${'TZ'.padEnd(20)} result  tests`);
  for (const row of rows) {
    const result = row.tally.failed > 0 ? 'FAIL' : 'pass';
    const failing = row.failedSuites.length ? `  (${row.failedSuites.join(', ')})` : '';
    console.log(
      `  ${row.moment.padEnd(32)} ${row.zone.padEnd(20)} ${result}    ${row.tally.passed} passed, ${row.tally.failed} failed${failing}`,
    );
  }
  const failed = rows.filter((row) => row.tally.failed > 0 || row.tally.skipped > 0).length;
  console.log(`\n${rows.length - failed} passed, ${failed} failed`);
  process.exit(failed > 0 || rows.length === 0 ? 1 : 0);
}
