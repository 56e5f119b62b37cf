/**
 * One /api/shorten call is one trace across the processes: a private stack (the link service on
 * PostgreSQL) exports its spans by OTLP/HTTP (JSON) to a receiver in this test, and the gateway's
 * request span, its gRPC call, the link service's gRPC handler and that handler's Prisma queries
 * share one trace id, each below the one that caused it. The link service's log line for the new
 * link and the gateway's request line carry the same trace id.
 */
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type RunningServer, startPostgres, waitFor } from '@ferry/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../../scripts/lib/stack.ts';
import { defaultPorts, type Ports } from '../../scripts/lib/settings.ts';
import { signInAsWebApp } from '../support/web-app-sign-in.ts';

/** A span as the receiver keeps it: OTLP/JSON fields plus the service.name of its resource. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

interface OtlpAnyValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpAnyValue;
}
interface OtlpTraceRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttribute[];
      }>;
    }>;
  }>;
}

interface LogLine {
  msg?: string;
  trace_id?: string;
  span_id?: string;
  req?: { url?: string };
}

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;

/** Waits until `find` returns something, and returns it. */
async function eventually<T>(what: string, find: () => T | undefined): Promise<T> {
  let found: T | undefined;
  await waitFor(
    what,
    async () => {
      found = find();
      return found !== undefined;
    },
    15_000,
  );
  return found!;
}

const attributeMap = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map((a) => [a.key, a.value.stringValue ?? a.value.intValue ?? a.value.boolValue]));

/** A minimal OTLP/HTTP collector: POST /v1/traces with a JSON ExportTraceServiceRequest. */
async function startReceiver(port: number): Promise<{ spans: ReceivedSpan[]; server: Server }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !req.headers['content-type']?.includes('json')) {
        res.writeHead(415).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraceRequest;
      for (const rs of body.resourceSpans ?? []) {
        const service = String(attributeMap(rs.resource?.attributes)['service.name']);
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            spans.push({
              service,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId || undefined,
              name: s.name,
              kind: s.kind,
              attributes: attributeMap(s.attributes),
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return { spans, server };
}

describe('tracing across gateway, gRPC and the database', () => {
  let postgres: RunningServer | undefined;
  let stack: RunningStack | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let dataDir: string;
  let alice: string;
  let driveRoot: string;

  const logLines = (service: 'gateway' | 'link') =>
    readFileSync(join(dataDir, 'logs', `${service}.log`), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
  const authed = (token: string) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });
  const drive = async (path: string, body: object) => {
    const res = await fetch(`${driveRoot}${path}`, {
      method: 'POST',
      headers: authed(alice),
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string };
  };

  beforeAll(async () => {
    receiver = await startReceiver(await freePort());
    // The link service on PostgreSQL, as in production (Prisma's pg adapter, not embedded PGlite).
    postgres = await startPostgres();
    const { port } = receiver.server.address() as { port: number };
    const ports = {} as Ports;
    for (const name of Object.keys(defaultPorts) as Array<keyof Ports>) ports[name] = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'ferry-trace-stack-'));
    stack = await startStack({
      ports,
      dataDir,
      quiet: true,
      env: {
        LINK_DATABASE_URL: postgres.url.replace(/\/postgres$/, '/ferry_link_trace'),
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        // The gateway's request lines, so its log can be matched to the trace too.
        LOG_REQUESTS: '1',
      },
    });
    driveRoot = stack.defaults.DRIVE_ROOT_URL!;
    alice = await signInAsWebApp(
      { baseUrl: stack.baseUrl, identityIssuer: stack.defaults.IDENTITY_ISSUER! },
      `trace-${Date.now().toString(36)}@example.com`,
    );
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    await postgres?.stop();
    receiver?.server.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const INSERT_LINK = 'INSERT INTO "public"."links"';

  it('one /api/shorten is one trace: gateway → link (gRPC) → Prisma, and the log lines name it', async () => {
    const root = await drive('/drive/v3/files', {
      name: '_ferryuploads',
      mimeType: 'application/vnd.google-apps.folder',
      appProperties: { ferryRoot: 'true' },
    });
    const file = await drive('/drive/v3/files', {
      name: 'traced.pdf',
      mimeType: 'application/pdf',
      parents: [root.id],
      appProperties: { ferry: '1' },
    });
    await drive(`/drive/v3/files/${file.id}/permissions`, { role: 'reader', type: 'anyone' });

    const res = await fetch(`${stack!.baseUrl}/api/shorten`, {
      method: 'POST',
      headers: authed(alice),
      body: JSON.stringify({ fileId: file.id }),
    });
    expect(res.status).toBe(201);

    const isShortenRequest = (s: ReceivedSpan) =>
      s.service === 'gateway' &&
      s.kind === SPAN_KIND_SERVER &&
      s.attributes['http.request.method'] === 'POST' &&
      s.attributes['url.path'] === '/api/shorten';
    const request = await eventually('the gateway span of POST /api/shorten', () =>
      receiver.spans.find(isShortenRequest),
    );
    const inTrace = () => receiver.spans.filter((s) => s.traceId === request.traceId);
    const byId = (id: string | undefined) => inTrace().find((s) => s.spanId === id);
    /** True when `span` sits below `ancestor` in the trace. */
    const descends = (span: ReceivedSpan, ancestor: ReceivedSpan): boolean => {
      for (let p = byId(span.parentSpanId); p; p = byId(p.parentSpanId)) if (p.spanId === ancestor.spanId) return true;
      return false;
    };
    const shortenRpc = /ferry\.link\.v1\.LinkService\/Shorten$/;
    const handler = await eventually('the link service span of Shorten', () =>
      inTrace().find((s) => s.service === 'link' && s.kind === SPAN_KIND_SERVER && shortenRpc.test(s.name)),
    );
    const queries = await eventually('the Prisma spans of the link service', () => {
      const found = inTrace().filter((s) => s.service === 'link' && s.name.startsWith('prisma:'));
      const names = new Set(found.map((s) => s.name));
      const inserted = found.some((q) => String(q.attributes['db.query.text'] ?? '').startsWith(INSERT_LINK));
      return names.has('prisma:client:operation') && inserted ? found : undefined;
    });

    // The gateway's request starts the trace; its gRPC call is below it, and the link service's
    // handler is that call's child (the context travelled in the gRPC metadata).
    expect(request.parentSpanId).toBeUndefined();
    const call = byId(handler.parentSpanId);
    expect(call, 'the link handler has the gateway call as its parent').toBeDefined();
    expect(call).toMatchObject({ service: 'gateway', kind: SPAN_KIND_CLIENT });
    expect(call!.name).toMatch(shortenRpc);
    expect(descends(call!, request)).toBe(true);
    // Every query sits below the handler of the call that made it (the gateway may also have asked
    // for the user's session cut-off in this request), and the new link's INSERT below Shorten's.
    const handlers = inTrace().filter((s) => s.service === 'link' && s.kind === SPAN_KIND_SERVER);
    for (const q of queries)
      expect(
        handlers.some((h) => descends(q, h)),
        `${q.name} below a link handler`,
      ).toBe(true);
    const insert = queries.find((q) =>
      String(q.attributes['db.query.text'] ?? '').startsWith('INSERT INTO "public"."links"'),
    );
    expect(insert, 'the INSERT of the new link').toBeDefined();
    expect(descends(insert!, handler), 'the INSERT below the Shorten handler').toBe(true);
    // The gateway's router passes no span of its own for each router or middleware, only the handler's.
    expect(inTrace().filter((s) => s.service === 'gateway' && /^(router|middleware) - /.test(s.name))).toEqual([]);

    const created = logLines('link').find((l) => l.msg === 'link created' && l.trace_id === request.traceId);
    expect(created, 'the link service logs the new link with the trace id').toBeDefined();
    expect(created!.span_id).toBe(handler.spanId);
    const requestLine = await eventually('the gateway request line of POST /api/shorten', () =>
      logLines('gateway').find((l) => l.msg === 'request completed' && l.req?.url === '/api/shorten'),
    );
    expect(requestLine.trace_id, 'the gateway request line carries the trace id').toBe(request.traceId);
  });
});
