import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { approveDevice } from '@ferry/dev-identity';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@ferry/testkit';
import { mailInbox } from '../support/inbox.ts';
import { stackForSuite, type SuiteStack } from '../support/stack.ts';

const CLI = fileURLToPath(new URL('../../cli/dist/ferry-send.js', import.meta.url));
const MiB = 1024 * 1024;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The command-line sender against a running stack: device sign-in at the local provider, a 64 MiB
 * file and a folder through the drive's resumable sessions, links that download byte-identical.
 */
describe('ferry-send across the stack', () => {
  let stack: SuiteStack | undefined;
  let work: string;
  const email = `cli-${Date.now().toString(36)}@example.com`;

  /** Runs the built CLI as a script would (stdout and stderr piped); `onStderr` sees its lines as they come. */
  function run(args: string[], onStderr?: (text: string) => void, stdin?: string): Promise<Run> {
    const child: ChildProcess = spawn(process.execPath, [CLI, ...args], {
      env: {
        ...process.env,
        FERRY_URL: stack!.baseUrl,
        FERRY_ISSUER: stack!.identityIssuer,
        XDG_CONFIG_HOME: join(work, 'config'),
      },
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (stdin !== undefined) child.stdin!.end(stdin);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      onStderr?.(stderr);
    });
    return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  }

  /**
   * The printed link's file, as a recipient gets it: the link's download route on its own host (the
   * sender's subdomain, sent as Host to the gateway on this machine), then the drive URL it redirects to.
   */
  const download = async (link: string) => {
    const url = new URL(link);
    const slug = url.pathname.split('/').pop()!;
    const location = await new Promise<string>((resolve, reject) => {
      request({ host: '127.0.0.1', port: url.port, path: `/api/d/${slug}`, headers: { host: url.host } }, (res) => {
        res.resume();
        if (res.statusCode === 302 && res.headers.location) resolve(res.headers.location);
        else reject(new Error(`${link}: HTTP ${res.statusCode}`));
      })
        .on('error', reject)
        .end();
    });
    const res = await fetch(location);
    expect(res.status, location).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'ferry-send-stack-'));
    stack = await stackForSuite();
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('signs in with the device flow, keeps the token 0600, and sends a 64 MiB file', async () => {
    const big = randomBytes(64 * MiB);
    const path = join(work, 'big.bin');
    writeFileSync(path, big);
    let approval: Promise<void> | undefined;
    const t0 = performance.now();
    const result = await run([path, '--expires', '2d'], (text) => {
      // The user's part: open the printed page, sign in, approve the code.
      const url = /\(or open (\S+)\)/.exec(text)?.[1];
      if (url && !approval) approval = approveDevice({ verificationUriComplete: url, email });
    });
    const ms = performance.now() - t0;
    await approval;
    expect(result.stderr).toMatch(/enter the code [A-Z]{4}-[A-Z]{4}/);
    expect(result.code, result.stderr).toBe(0);
    // Piped: plain progress lines, no bar redraws.
    expect(result.stderr).toContain('big.bin: 100% (64 MB of 64 MB)');
    expect(result.stderr).not.toContain('\r');
    const link = result.stdout.trim();
    expect(link).toMatch(/^https?:\/\/\S+$/);
    expect(sha256(await download(link))).toBe(sha256(big));
    const tokenFile = join(work, 'config', 'ferry', 'token.json');
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    console.info(`ferry-send: 64 MiB signed in, uploaded and linked in ${Math.round(ms)} ms`);
  }, 120_000);

  it('sends a folder as the browser does (a zip of its files) with the stored sign-in', async () => {
    const dir = join(work, 'holiday');
    mkdirSync(join(dir, 'day 2'), { recursive: true });
    const files: Record<string, Buffer> = {
      'holiday/a.txt': Buffer.from('first file\n'),
      'holiday/b.bin': randomBytes(300 * 1024),
      'holiday/day 2/c.bin': randomBytes(70 * 1024),
    };
    for (const [rel, bytes] of Object.entries(files)) writeFileSync(join(work, rel), bytes);
    const result = await run([dir]);
    expect(result.code, result.stderr).toBe(0);
    // No second sign-in: the stored token was used.
    expect(result.stderr).not.toContain('enter the code');
    const link = result.stdout.trim();
    expect(link).toMatch(/^https?:\/\/\S+$/);
    const zip = await JSZip.loadAsync(await download(link));
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    expect(names.sort()).toEqual(Object.keys(files).sort());
    for (const [rel, bytes] of Object.entries(files))
      expect(sha256(await zip.file(rel)!.async('uint8array')), rel).toBe(sha256(bytes));
  }, 60_000);

  it('protects the link with --password (read from stdin) and mails it with --email', async () => {
    const path = join(work, 'contract.pdf');
    writeFileSync(path, randomBytes(40 * 1024));
    const recipient = `cli-to-${Date.now().toString(36)}@example.com`;
    const result = await run([path, '--password', '--email', recipient], undefined, 'tiger lily 7\n');
    expect(result.code, result.stderr).toBe(0);
    const slug = new URL(result.stdout.trim()).pathname.split('/').pop()!;
    const unlock = (password: string) =>
      fetch(`${stack!.baseUrl}/api/links/${slug}/unlock`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password }),
      });
    expect((await unlock('wrong one')).status).toBe(401);
    expect((await unlock('tiger lily 7')).status).toBe(200);
    const inbox = mailInbox(stack!.mailInboxUrl);
    await waitFor('the share mail', async () => (await inbox.mailsTo(recipient)).length > 0, 20_000);
    const [mail] = await inbox.mailsTo(recipient);
    expect(mail!.subject).toContain('contract.pdf');
  }, 60_000);
});
