import { buildAll } from './build.ts';
import { dev } from './dev.ts';
import { run } from './process.ts';
import { root } from './settings.ts';
import { start } from './start.ts';
import { test } from './test.ts';

const usage =
  'usage: node scripts/ferry.mjs <start|dev|test|test-any-date [--moment=…] [--zone=…]|build|rehearse [--drill]|dev-token EMAIL>';

export async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  switch (command) {
    case 'start':
      return start();
    case 'dev':
      return dev();
    case 'test':
      return test({ affected: rest.includes('--affected') });
    case 'test-any-date':
      return (await import('./any-date.ts')).testAnyDate(rest);
    case 'rehearse':
      // Imported here: the rehearsal uses built workspaces, which a fresh clone's other commands must not need.
      return (await import('./rehearse.ts')).rehearse(rest);
    case 'build':
      process.exit(await buildAll(true));
      break;
    case 'dev-token':
      process.exit(
        await run('npm', ['run', '--silent', 'token', '-w', '@ferry/dev-identity', '--', ...rest], { cwd: root }),
      );
      break;
    default:
      console.error(usage);
      process.exit(2);
  }
}
