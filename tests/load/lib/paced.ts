/**
 * An open-model load generator for latency at a fixed rate, as k6's constant-arrival-rate: request
 * k is due at start + k/rate whatever the answers do, and its latency counts from when it was due
 * (so a stalled server cannot hide its queue: no coordinated omission). autocannon's `overallRate`
 * sends each connection's share in a burst at the start of every second, and node:http's client
 * costs ~50 µs a request, which on two cores measures the generator, not the server. So this one
 * runs in its own thread and writes pre-built requests on raw keep-alive sockets (one request in
 * flight per socket; a new socket when none is idle) and reads only the status line and
 * Content-Length of each answer.
 */
import net from 'node:net';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

export interface PacedResult {
  sent: number;
  count302: number;
  other: number;
  p50: number;
  p99: number;
  /** Most sockets open at once (a sign of queueing when far above rate × latency). */
  sockets: number;
  /** The generator's own longest stall: the longest gap between its 1 ms ticks. */
  maxTickGapMs: number;
  /** When the answers over SLOW_MS were due: [second of the run (0.1 s steps), how many], most first. */
  slowAt: Array<[number, number]>;
  /** Wall clock when request 0 was due. */
  startedAtMs: number;
}

interface Job {
  baseUrl: string;
  paths: string[];
  rate: number;
  durationS: number;
}

/** Runs the paced load in a worker thread and returns its summary. */
export function paced(baseUrl: string, paths: string[], rate: number, durationS: number): Promise<PacedResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { baseUrl, paths, rate, durationS } satisfies Job,
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`paced worker exited with ${code}`)));
  });
}

const CRLF2 = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;
const CHUNKED = /\r\ntransfer-encoding:\s*chunked/i;
/** Beyond this many sockets, due requests wait for an idle one (their wait counts as latency). */
const MAX_SOCKETS = 2_000;
/** New sockets per 1 ms tick at most: a burst of connects would stall the generator itself. */
const OPEN_PER_TICK = 16;
const SLOW_MS = 20;

class Conn {
  private buf: Buffer = Buffer.alloc(0);
  private dueAt = 0n;
  busy = false;
  readonly socket: net.Socket;
  private readonly done: (conn: Conn, status: number, dueAt: bigint) => void;
  private readonly failed: (conn: Conn, dueAt: bigint | undefined) => void;
  constructor(socket: net.Socket, done: Conn['done'], failed: Conn['failed']) {
    this.socket = socket;
    this.done = done;
    this.failed = failed;
    socket.setNoDelay(true);
    socket.on('data', (d: Buffer) => this.onData(d));
    socket.on('error', () => this.fail());
    socket.on('close', () => this.fail());
  }

  send(request: Buffer, dueAt: bigint): void {
    this.busy = true;
    this.dueAt = dueAt;
    this.socket.write(request);
  }

  private fail(): void {
    const pending = this.busy ? this.dueAt : undefined;
    this.busy = false;
    this.failed(this, pending);
  }

  private onData(d: Buffer): void {
    this.buf = this.buf.length === 0 ? d : Buffer.concat([this.buf, d]);
    for (;;) {
      const end = this.buf.indexOf(CRLF2);
      if (end === -1) return;
      const head = this.buf.toString('latin1', 0, end);
      const total = CHUNKED.test(head) ? chunkedEnd(this.buf, end + 4) : fixedEnd(head, end + 4);
      if (total === 'bad') {
        this.socket.destroy();
        return;
      }
      if (total === undefined || this.buf.length < total) return;
      const status = Number(head.slice(9, 12));
      this.buf = this.buf.subarray(total);
      this.busy = false;
      this.done(this, status, this.dueAt);
    }
  }
}

function fixedEnd(head: string, bodyStart: number): number | 'bad' {
  const length = Number(CONTENT_LENGTH.exec(head)?.[1] ?? NaN);
  return Number.isNaN(length) ? 'bad' : bodyStart + length;
}

/** Where a chunked body ends (no trailers), or undefined while it is incomplete. */
function chunkedEnd(buf: Buffer, at: number): number | 'bad' | undefined {
  for (;;) {
    const eol = buf.indexOf('\r\n', at, 'latin1');
    if (eol === -1) return undefined;
    const size = parseInt(buf.toString('latin1', at, eol), 16);
    if (Number.isNaN(size)) return 'bad';
    const next = eol + 2 + size + 2;
    if (size === 0) return buf.length >= next ? next : undefined;
    at = next;
  }
}

async function run(job: Job): Promise<PacedResult> {
  const url = new URL(job.baseUrl);
  const port = Number(url.port || 80);
  const requests = job.paths.map((p) =>
    Buffer.from(`GET ${p} HTTP/1.1\r\nHost: ${url.host}\r\nUser-Agent: ferry-paced\r\n\r\n`, 'latin1'),
  );
  const latencies = new Float64Array(Math.ceil(job.rate * job.durationS) + 16);
  let measured = 0;
  let count302 = 0;
  let other = 0;
  /** Requests due so far, and how many of them are written (the rest wait for a socket). */
  let due = 0;
  let written = 0;
  const idle: Conn[] = [];
  const all = new Set<Conn>();
  let peak = 0;
  let maxGapMs = 0;
  let start = 0n;
  let intervalNs = 0;
  let openedThisTick = 0;
  const dueAt = (k: number) => start + BigInt(Math.round(k * intervalNs));
  const openCounted = () => {
    openedThisTick++;
    return open();
  };
  const dispatch = () => {
    while (written < due) {
      const conn = idle.pop() ?? (all.size < MAX_SOCKETS && openedThisTick < OPEN_PER_TICK ? openCounted() : undefined);
      if (!conn) return;
      conn.send(requests[written % requests.length]!, dueAt(written));
      written++;
    }
  };
  const slowAt = new Map<number, number>();
  const record = (dueAt: bigint) => {
    const ms = Number(process.hrtime.bigint() - dueAt) / 1e6;
    latencies[measured++] = ms;
    if (ms > SLOW_MS) {
      const at = Math.floor(Number(dueAt - start) / 1e8) / 10;
      slowAt.set(at, (slowAt.get(at) ?? 0) + 1);
    }
  };
  const open = (): Conn => {
    const conn = new Conn(
      net.connect({ host: url.hostname, port }),
      (c, status, dueAt) => {
        record(dueAt);
        if (status === 302) count302++;
        else other++;
        idle.push(c);
        dispatch();
      },
      (c, dueAt) => {
        if (!all.delete(c)) return;
        const i = idle.indexOf(c);
        if (i !== -1) idle.splice(i, 1);
        if (dueAt !== undefined) {
          record(dueAt);
          other++;
        }
        dispatch();
      },
    );
    all.add(conn);
    peak = Math.max(peak, all.size);
    return conn;
  };

  // Enough sockets for 10 ms of arrivals, connected before the clock starts.
  for (let i = 0; i < Math.min(MAX_SOCKETS, Math.ceil(job.rate / 100)); i++) idle.push(open());
  await Promise.all([...all].map((c) => new Promise((r) => c.socket.once('connect', r).once('error', r))));
  start = process.hrtime.bigint();
  const startedAtMs = Date.now();
  intervalNs = 1e9 / job.rate;
  const total = Math.floor(job.rate * job.durationS);
  return new Promise((resolve) => {
    let lastTick = start;
    const tick = () => {
      openedThisTick = 0;
      const nowNs = process.hrtime.bigint();
      const gapMs = Number(nowNs - lastTick) / 1e6;
      lastTick = nowNs;
      if (gapMs > maxGapMs) maxGapMs = gapMs;
      due = Math.min(total, Math.floor(Number(nowNs - start) / intervalNs) + 1);
      dispatch();
      if (due < total) {
        setTimeout(tick, 1);
        return;
      }
      const giveUpAt = Date.now() + 30_000;
      const finish = () => {
        if (measured < due && Date.now() < giveUpAt) return void setTimeout(finish, 5);
        other += due - measured;
        for (const c of all) c.socket.destroy();
        const xs = latencies.subarray(0, measured).sort();
        const q = (p: number) => +(xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0).toFixed(2);
        resolve({
          sent: due,
          count302,
          other,
          p50: q(0.5),
          p99: q(0.99),
          sockets: peak,
          maxTickGapMs: +maxGapMs.toFixed(1),
          slowAt: [...slowAt].sort((a, b) => b[1] - a[1]).slice(0, 12),
          startedAtMs,
        });
      };
      finish();
    };
    tick();
  });
}

if (!isMainThread && parentPort) {
  const result = await run(workerData as Job);
  parentPort.postMessage(result);
}
