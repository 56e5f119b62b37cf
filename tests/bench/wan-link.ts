// An emulated wide-area link for a browser: a network namespace joined to this one by a veth
// pair, its rate shaped with `tc tbf` in both directions (netem is not available everywhere).
// The round trip comes from a delaying proxy (delay-proxy.ts) on this side. Needs root.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WanLink {
  /** This side's address, reachable from inside the namespace. */
  hostAddress: string;
  /** An executable that runs Chromium inside the namespace (for Playwright's executablePath). */
  chromium: string;
  remove(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });
const tc = (...args: string[]) => execFileSync('tc', args, { stdio: 'pipe' });

export function createWanLink(opts: { name: string; rateMbit: number; chromiumPath: string }): WanLink {
  const ns = opts.name;
  const outer = `${ns.slice(0, 10)}-h`;
  const inner = `${ns.slice(0, 10)}-n`;
  const remove = () => {
    for (const step of [() => ip('link', 'del', outer), () => ip('netns', 'del', ns)]) {
      try {
        step();
      } catch {
        // already gone
      }
    }
  };
  remove();
  ip('netns', 'add', ns);
  ip('link', 'add', outer, 'type', 'veth', 'peer', 'name', inner);
  ip('link', 'set', inner, 'netns', ns);
  ip('addr', 'add', '10.231.0.1/30', 'dev', outer);
  ip('link', 'set', outer, 'up');
  const inNs = (...args: string[]) => execFileSync('ip', ['netns', 'exec', ns, ...args], { stdio: 'pipe' });
  inNs('ip', 'addr', 'add', '10.231.0.2/30', 'dev', inner);
  inNs('ip', 'link', 'set', inner, 'up');
  inNs('ip', 'link', 'set', 'lo', 'up');
  // The rate both ways, with a queue of about one round trip at that rate (a larger one only adds
  // queueing delay: TCP on the veth side sees no round trip and would keep it full).
  const shape = ['root', 'tbf', 'rate', `${opts.rateMbit}mbit`, 'burst', '64kb', 'latency', '50ms'];
  inNs('tc', 'qdisc', 'add', 'dev', inner, ...shape);
  tc('qdisc', 'add', 'dev', outer, ...shape);
  const dir = mkdtempSync(join(tmpdir(), 'ferry-wan-'));
  const chromium = join(dir, 'chromium-in-netns');
  writeFileSync(chromium, `#!/bin/sh\nexec ip netns exec ${ns} ${opts.chromiumPath} "$@"\n`);
  chmodSync(chromium, 0o755);
  return { hostAddress: '10.231.0.1', chromium, remove };
}
