import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { turboEnv } from './build.ts';
import { run } from './process.ts';
import { startStack, type RunningStack } from './stack.ts';
import { root, type Ports, defaultPorts } from './settings.ts';
import { add, emptyTally, playwrightTally, vitestTally, type Tally } from './tally.ts';
import { listWorkspaces } from './workspaces.ts';

interface Step {
  name: string;
  tally: Tally;
  seconds: number;
}

const steps: Step[] = [];

async function timed(name: string, work: () => Promise<Tally>): Promise<Tally> {
  const started = Date.now();
  console.log(`\n[ferry test] ── ${name}`);
  let tally: Tally;
  try {
    tally = await work();
  } catch (error) {
    console.error(`[ferry test] ${name} crashed: ${error instanceof Error ? error.stack : String(error)}`);
    tally = { passed: 0, failed: 1, skipped: 0 };
  }
  steps.push({ name, tally, seconds: (Date.now() - started) / 1000 });
  return tally;
}

const check = async (command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Tally> => {
  const code = await run(command, args, { cwd: root, env });
  return code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
};

async function freePorts(): Promise<Ports> {
  const { freePort } = await import(join(root, 'services/testkit/dist/index.js'));
  const ports = {} as Ports;
  for (const name of Object.keys(defaultPorts) as Array<keyof Ports>) ports[name] = await freePort();
  return ports;
}

/** Where each workspace's Vitest JSON report goes: a turbo output, so a cached run restores it. */
const UNIT_REPORT = '.test-report/vitest.json';

export interface TestOptions {
  /** Only the workspaces changed on this branch (and those that depend on them), and no stack suites unless tests/ is among them. */
  affected?: boolean;
}

/** The workspaces turbo counts as changed against main, with their dependents. */
function affectedWorkspaces(): Set<string> {
  const out = execFileSync('turbo', ['ls', '--affected', '--output=json'], {
    cwd: root,
    env: turboEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const parsed = JSON.parse(out) as { packages: { items: Array<{ name: string }> } };
  return new Set(parsed.packages.items.map((item) => item.name));
}

/** One workspace's Vitest suite through turbo: an unchanged package with unchanged dependencies replays its cached result. */
function unitSuite(workspace: { name: string; dir: string }, env: NodeJS.ProcessEnv): () => Promise<Tally> {
  return async () => {
    const report = join(root, workspace.dir, UNIT_REPORT);
    rmSync(report, { force: true });
    const args = [
      'run',
      'test',
      `--filter=${workspace.name}`,
      '--only',
      '--output-logs=full',
      '--',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${UNIT_REPORT}`,
    ];
    const code = await run('turbo', args, { cwd: root, env: { ...turboEnv(), ...env } });
    return vitestTally(report, code);
  };
}

/**
 * `npm test`: lint, build, static checks, every workspace's tests, then the suites against a running stack
 * (deploy, contract and stack suites first, the browser journeys last). `npm test -- --affected` is a
 * team's own loop: only what changed on the branch.
 */
export async function test(options: TestOptions = {}): Promise<void> {
  const started = Date.now();
  const reports = mkdtempSync(join(tmpdir(), 'ferry-test-reports-'));
  const total = emptyTally();

  // Lint and format need no build, so a failed build still reports them.
  await timed('lint: biome ci (lint and format)', () => check('biome', ['ci', '--error-on-warnings', '.']));
  const built = await timed('build (turbo run build)', () =>
    check('turbo', ['run', 'build', '--concurrency=2'], turboEnv()),
  );
  if (built.failed === 0) {
    // knip loads each package's config files (rsbuild, prisma), which import built workspace packages.
    await timed('lint: knip (unused files, exports, dependencies)', () => check('knip', ['--no-progress']));
    await timed('typecheck (turbo run typecheck)', () =>
      check('turbo', ['run', 'typecheck', '--concurrency=2', '--output-logs=errors-only'], turboEnv()),
    );
    await timed('typecheck scripts/', () => check('tsc', ['-p', 'scripts/tsconfig.json']));
    await timed('contracts: buf lint', () => check('npm', ['run', '--silent', 'lint', '-w', '@ferry/contracts']));
    await timed('contracts: buf breaking against main', () =>
      check('npm', ['run', '--silent', 'breaking', '-w', '@ferry/contracts']),
    );

    const { startPostgres, startRedis } = await import(join(root, 'services/testkit/dist/index.js'));
    const postgres = await startPostgres();
    const redis = await startRedis();
    const testEnv: NodeJS.ProcessEnv = {
      ...process.env,
      FERRY_TEST_PG_URL: postgres.url,
      FERRY_TEST_REDIS_URL: redis.url,
    };
    console.log(`[ferry test] PostgreSQL ${postgres.url}, Redis ${redis.url}`);
    const affected = options.affected ? affectedWorkspaces() : undefined;
    if (affected) console.log(`[ferry test] --affected: ${[...affected].join(', ') || 'nothing changed'}`);
    try {
      for (const workspace of listWorkspaces()) {
        if (!workspace.scripts.test || workspace.name === '@ferry/tests') continue;
        if (affected && !affected.has(workspace.name)) continue;
        await timed(`${workspace.name}: vitest`, unitSuite(workspace, testEnv));
      }
      if (!affected || affected.has('@ferry/tests')) await runStackSuites(testEnv, reports);
    } finally {
      await Promise.all([postgres.stop(), redis.stop()]);
    }
  }

  for (const step of steps) add(total, step.tally);
  console.log('\n[ferry test] summary');
  for (const step of steps) {
    const mark = step.tally.failed > 0 ? 'FAIL' : 'ok  ';
    console.log(
      `  ${mark} ${step.name.padEnd(48)} ${String(step.tally.passed).padStart(4)} passed ${String(step.tally.failed).padStart(3)} failed  ${step.seconds.toFixed(1)} s`,
    );
  }
  console.log(`[ferry test] total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
  rmSync(reports, { recursive: true, force: true });
  const skipped = total.skipped > 0 ? `, ${total.skipped} skipped` : '';
  console.log(`\n${total.passed} passed, ${total.failed} failed${skipped}`);
  process.exit(total.failed > 0 || total.skipped > 0 ? 1 : 0);
}

/** Cross-cutting suites in tests/ against a fresh stack: vitest (deploy, stack, contract, load) first, so they never wait on the browser, then Playwright. */
async function runStackSuites(testEnv: NodeJS.ProcessEnv, reports: string): Promise<void> {
  const dataDir = join(root, '.data', `test-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  let stack: RunningStack | undefined;
  try {
    const ports = await freePorts();
    await timed('stack: start (npm start mode, free ports)', async () => {
      stack = await startStack({ ports, dataDir, quiet: true, env: testEnv, testClock: true });
      return { passed: 1, failed: 0, skipped: 0 };
    });
    if (!stack) {
      printLogs(dataDir);
      return;
    }
    const stackEnv: NodeJS.ProcessEnv = {
      ...testEnv,
      FERRY_BASE_URL: stack.baseUrl,
      FERRY_REMOTES_MANIFEST: stack.manifestFile,
      FERRY_IDENTITY_ISSUER: stack.defaults.IDENTITY_ISSUER,
      FERRY_DRIVE_ROOT_URL: stack.defaults.DRIVE_ROOT_URL,
      FERRY_MAIL_INBOX_URL: stack.defaults.MAIL_INBOX_URL,
      FERRY_GRPC_ADDRS: [stack.defaults.LINK_ADDR, stack.defaults.NOTIFICATION_ADDR, stack.defaults.BILLING_ADDR].join(
        ',',
      ),
      FERRY_STRIPE_API_URL: stack.defaults.STRIPE_API_URL,
      FERRY_STRIPE_SECRET_KEY: stack.defaults.STRIPE_SECRET_KEY,
      FERRY_STRIPE_WEBHOOK_SECRET: stack.defaults.STRIPE_WEBHOOK_SECRET,
      FERRY_METRICS_URLS: JSON.stringify(stack.metricsUrls),
      // The `test` principal's key: only it may move the link service's test clock (LINK_TEST_CLOCK=1).
      FERRY_TEST_CALLER_KEY: stack.testCallerKey,
    };
    const report = join(reports, 'tests.json');
    await timed('@ferry/tests: vitest (deploy, stack, contract, load)', async () => {
      const code = await run(
        'npm',
        [
          'run',
          '--silent',
          'test',
          '-w',
          '@ferry/tests',
          '--',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${report}`,
        ],
        { cwd: root, env: stackEnv },
      );
      return vitestTally(report, code);
    });
    const e2eReport = join(reports, 'playwright.json');
    await timed('@ferry/tests: playwright (Chromium)', async () => {
      const code = await run('npm', ['run', '--silent', 'e2e', '-w', '@ferry/tests', '--', '--reporter=list,json'], {
        cwd: root,
        env: { ...stackEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
      });
      return playwrightTally(e2eReport, code);
    });
  } finally {
    const failed = steps.some((step) => step.tally.failed > 0);
    await stack?.stop();
    if (failed) printLogs(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printLogs(dataDir: string): void {
  for (const name of ['identity', 'drive', 'link', 'notification', 'billing', 'gateway']) {
    try {
      const text = readFileSync(join(dataDir, 'logs', `${name}.log`), 'utf8');
      console.log(`\n[ferry test] last lines of ${name}.log:\n${text.split('\n').slice(-25).join('\n')}`);
    } catch {
      // that process never wrote a log
    }
  }
}
