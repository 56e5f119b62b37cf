import { randomBytes } from 'node:crypto';
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One upstream of the balancer (a gateway replica). */
export interface Upstream {
  name: string;
  port: number;
}

export interface UpstreamStats {
  name: string;
  /** Requests this upstream answered. */
  answered: number;
  /** Connection failures (refused, reset before an answer): each marks it down for a while. */
  failures: number;
}

export interface LoadBalancer {
  url: string;
  port: number;
  stats(): UpstreamStats[];
  close(): Promise<void>;
}

export interface LoadBalancerOptions {
  port: number;
  upstreams: Upstream[];
  /** How long an upstream that failed a connection is skipped (default 2 s), like nginx's fail_timeout. */
  downForMs?: number;
  /** An upstream that sends no answer within this time fails the request with 504 (default 30 s). */
  answerTimeoutMs?: number;
  /** Called with each answer's upstream and status (the drill attributes redirects to gateways). */
  onAnswer?: (upstream: string, status: number) => void;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) are not forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/** Methods that can be sent to another upstream when the first one failed before answering. */
const RETRYABLE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The upstream request's headers. `requestId` is the same for every attempt of one client request,
 * as ingress-nginx's `X-Request-ID: $req_id` (the client's own id if it sent one, else a new one)
 * is on a `proxy_next_upstream` retry: the gateways count a retried GET once by it.
 */
function forwardedHeaders(req: IncomingMessage, requestId: string): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  // The edge replaces what the client claims: the gateways trust this hop only (TRUSTED_PROXIES).
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = 'http';
  headers['x-request-id'] = requestId;
  return headers;
}

/** ingress-nginx's `$req_id`: the client's `X-Request-ID` when it sent one, else 32 random hex digits. */
function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && sent !== '' ? sent : randomBytes(16).toString('hex');
}

/**
 * A small round-robin HTTP load balancer (node:http) standing in for the ingress in front of the
 * gateway replicas. Like nginx with `proxy_next_upstream error`: an upstream whose connection fails
 * (refused, reset before any answer) is skipped for `downForMs`, and a GET/HEAD that met such a
 * failure is sent to the next upstream once, with the same `X-Request-ID`. Everything else is
 * passed through as answered.
 */
export async function startLoadBalancer(options: LoadBalancerOptions): Promise<LoadBalancer> {
  const { upstreams } = options;
  const downForMs = options.downForMs ?? 2_000;
  const answerTimeoutMs = options.answerTimeoutMs ?? 30_000;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const stats = upstreams.map((u) => ({ name: u.name, answered: 0, failures: 0 }));
  const downUntil = upstreams.map(() => 0);
  let next = 0;

  /** The next upstream in turn that is not marked down (all down: the next in turn anyway). */
  const pick = (exclude?: number): number => {
    const now = Date.now();
    for (let k = 0; k < upstreams.length; k++) {
      const i = (next + k) % upstreams.length;
      if (i !== exclude && downUntil[i]! <= now) {
        next = i + 1;
        return i;
      }
    }
    const i = next % upstreams.length === exclude ? (next + 1) % upstreams.length : next % upstreams.length;
    next = i + 1;
    return i;
  };

  const forward = (req: IncomingMessage, res: ServerResponse, requestId: string, index: number, retried: boolean) => {
    const upstream = upstreams[index]!;
    let answered = false;
    const upstreamReq = httpRequest(
      {
        host: '127.0.0.1',
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req, requestId),
        agent,
        timeout: answerTimeoutMs,
      },
      (upstreamRes) => {
        answered = true;
        stats[index]!.answered++;
        options.onAnswer?.(upstream.name, upstreamRes.statusCode ?? 0);
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(upstreamRes.headers))
          if (!HOP_BY_HOP.has(name)) headers[name] = value;
        res.writeHead(upstreamRes.statusCode ?? 502, headers);
        upstreamRes.pipe(res);
        upstreamRes.on('error', () => res.destroy());
      },
    );
    upstreamReq.on('timeout', () => upstreamReq.destroy(new Error('upstream answer timeout')));
    upstreamReq.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) {
        res.destroy();
        return;
      }
      const connectionFailed = error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET' || error.code === 'EPIPE';
      if (connectionFailed) {
        stats[index]!.failures++;
        downUntil[index] = Date.now() + downForMs;
      }
      if (connectionFailed && !retried && RETRYABLE.has(req.method ?? '') && upstreams.length > 1) {
        forward(req, res, requestId, pick(index), true);
        return;
      }
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const status = error.message === 'upstream answer timeout' ? 504 : 502;
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ error: status === 504 ? 'Gateway Timeout' : 'Bad Gateway', code: 'upstream_failed' }));
    });
    // A retried request has no body (GET/HEAD); the first attempt streams the client's body through.
    if (retried) upstreamReq.end();
    else req.pipe(upstreamReq);
  };

  const server = createServer((req, res) => forward(req, res, requestIdOf(req), pick(), false));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    stats: () => stats.map((s) => ({ ...s })),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
