/**
 * The tracing bootstrap as the services load it (`node --import @ferry/service-kit/tracing`):
 * with no endpoint not one tracing module is loaded and log lines are as before; with one, a span
 * reaches an OTLP/HTTP receiver and a log line written inside it carries its trace and span ids.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const kitDir = fileURLToPath(new URL('..', import.meta.url));
/** Each test starts a Node process (with the SDK about 2 s on an idle machine, far more on a busy one). */
const PROCESS_TEST_MS = 30_000;

/** Records every module URL the process resolves (Node's in-thread hooks), readable as globalThis.resolved. */
const recordResolved = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
globalThis.resolved = [];
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); globalThis.resolved.push(r.url); return r; } });
`)}`;

/** Logs one line inside a span and one outside, then prints the lines and the modules resolved. */
const probe = `
import { trace } from '@opentelemetry/api';
import { createLogger } from '@ferry/service-kit';
const lines = [];
const logger = createLogger('probe', 'info', { write: (line) => lines.push(JSON.parse(line)) });
trace.getTracer('probe').startActiveSpan('probe-span', (span) => {
  logger.info('inside');
  span.end();
});
logger.info('outside');
console.log(JSON.stringify({ lines, resolved: globalThis.resolved }));
`;

interface ProbeOutput {
  lines: Array<{ msg: string; trace_id?: string; span_id?: string }>;
  resolved: string[];
}

async function runProbe(env: Record<string, string>): Promise<ProbeOutput> {
  const child = spawn(
    process.execPath,
    ['--import', recordResolved, '--import', '@ferry/service-kit/tracing', '--input-type=module', '-e', probe],
    { cwd: kitDir, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c));
  child.stderr.on('data', (c: Buffer) => (stderr += c));
  const [code] = (await once(child, 'exit')) as [number];
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ProbeOutput;
}

const tracingModule = /@opentelemetry\/(?!api\/)|import-in-the-middle|@prisma\/instrumentation|tracing-sdk\.js/;

describe('tracing bootstrap', () => {
  let receiver: Server;
  let endpoint: string;
  const exported: Array<{ service: string; name: string; traceId: string; spanId: string }> = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const rs of body.resourceSpans ?? []) {
          const service = rs.resource.attributes.find((a: { key: string }) => a.key === 'service.name')?.value
            .stringValue;
          for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) exported.push({ service, ...s });
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    endpoint = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  });
  afterAll(() => receiver.close());

  it(
    'loads no tracing module and adds no ids to log lines when OTEL_EXPORTER_OTLP_ENDPOINT is unset',
    async () => {
      const { lines, resolved } = await runProbe({});
      expect(resolved.some((url) => url.endsWith('/dist/tracing.js'))).toBe(true);
      expect(resolved.filter((url) => tracingModule.test(url))).toEqual([]);
      expect(lines.map((l) => [l.msg, l.trace_id])).toEqual([
        ['inside', undefined],
        ['outside', undefined],
      ]);
    },
    PROCESS_TEST_MS,
  );

  it(
    'exports the span by OTLP/HTTP and puts its ids on the log line written inside it',
    async () => {
      const { lines, resolved } = await runProbe({
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_SERVICE_NAME: 'probe-service',
      });
      expect(resolved.some((url) => url.includes('/@opentelemetry/sdk-trace/'))).toBe(true);
      // The process flushed its spans before it exited.
      const span = exported.find((s) => s.name === 'probe-span');
      expect(span).toMatchObject({ service: 'probe-service' });
      const [inside, outside] = lines;
      expect(inside).toMatchObject({ msg: 'inside', trace_id: span!.traceId, span_id: span!.spanId });
      expect(outside!.trace_id).toBeUndefined();
    },
    PROCESS_TEST_MS,
  );

  it(
    'refuses to start with a malformed endpoint, naming the variable',
    async () => {
      const child = spawn(process.execPath, ['--import', '@ferry/service-kit/tracing', '-e', ''], {
        cwd: kitDir,
        env: { PATH: process.env.PATH ?? '', OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c));
      const [code] = (await once(child, 'exit')) as [number];
      expect(code).toBe(1);
      expect(stderr).toContain('OTEL_EXPORTER_OTLP_ENDPOINT is invalid');
    },
    PROCESS_TEST_MS,
  );
});
