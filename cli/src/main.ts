import { createInterface } from 'node:readline/promises';
import { parseSendArgs, USAGE, UsageError } from './args';
import { configDir } from './config-dir';
import { barProgress, lineProgress } from './progress';
import { send } from './send';
import { type DevicePrompt, Session } from './sign-in';
import { TokenStore } from './token-store';

/** Where to send: Ferry's origin and its identity provider (the local stand-ins by default). */
function settings(env: NodeJS.ProcessEnv) {
  return {
    ferryUrl: env.FERRY_URL ?? 'http://localhost:8080',
    identity: {
      issuer: (env.FERRY_ISSUER ?? 'http://localhost:4000').replace(/\/$/, ''),
      clientId: env.FERRY_CLIENT_ID ?? 'ferry-send',
      ...(env.FERRY_CLIENT_SECRET ? { clientSecret: env.FERRY_CLIENT_SECRET } : {}),
    },
  };
}

function showPrompt(p: DevicePrompt): void {
  process.stderr.write(
    `To sign in, open ${p.verificationUri} and enter the code ${p.userCode}\n` +
      (p.verificationUriComplete ? `(or open ${p.verificationUriComplete})\n` : '') +
      'Waiting for your approval…\n',
  );
}

/** The link's password: typed without echo on a terminal, else the first line of stdin. */
async function readPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, terminal: process.stdin.isTTY });
  try {
    if (!process.stdin.isTTY) {
      for await (const line of rl) return line;
      return '';
    }
    process.stderr.write('Password for the link: ');
    const out = rl as unknown as { _writeToOutput: (s: string) => void };
    out._writeToOutput = () => undefined;
    const answer = await rl.question('');
    process.stderr.write('\n');
    return answer;
  } finally {
    rl.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const args = parseSendArgs(argv);
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const s = settings(process.env);
  const store = new TokenStore(configDir());
  if (args.signOut) {
    await store.clear();
    process.stderr.write('Signed out.\n');
    return 0;
  }
  const password = args.password ? await readPassword() : undefined;
  const session = new Session(s.identity, store, showPrompt);
  const links = await send(args, {
    ferryUrl: s.ferryUrl,
    session,
    progress: (label) =>
      process.stderr.isTTY ? barProgress(process.stderr, label) : lineProgress(process.stderr, label),
    ...(password !== undefined ? { password } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  // The links alone on stdout: `ferry-send file | pbcopy` copies them.
  for (const link of links) process.stdout.write(links.length > 1 ? `${link.name}\t${link.url}\n` : `${link.url}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) process.stderr.write(`${err.message}\n\n${USAGE}\n`);
    else process.stderr.write(`ferry-send: ${(err as Error).message}\n`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
