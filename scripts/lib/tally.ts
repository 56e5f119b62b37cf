import { existsSync, readFileSync } from 'node:fs';

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

export const emptyTally = (): Tally => ({ passed: 0, failed: 0, skipped: 0 });

export function add(total: Tally, part: Tally): void {
  total.passed += part.passed;
  total.failed += part.failed;
  total.skipped += part.skipped;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{ status: string; assertionResults: unknown[] }>;
}

/** Reads a Vitest JSON report; a file that failed to load counts as one failure. */
export function vitestTally(reportFile: string, exitCode: number): Tally {
  if (!existsSync(reportFile)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJson;
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  const tally = {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
  if (exitCode !== 0 && tally.failed === 0) tally.failed = 1;
  if (exitCode === 0 && tally.passed === 0 && tally.failed === 0) tally.failed = 1; // a suite that ran nothing proves nothing
  return tally;
}

interface PlaywrightJson {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
}

export function playwrightTally(reportFile: string, exitCode: number): Tally {
  if (!existsSync(reportFile)) return { passed: 0, failed: 1, skipped: 0 };
  const { stats, errors } = JSON.parse(readFileSync(reportFile, 'utf8')) as PlaywrightJson;
  const tally = {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + (errors?.length ?? 0),
    skipped: stats.skipped,
  };
  if (exitCode !== 0 && tally.failed === 0) tally.failed = 1;
  return tally;
}
