import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import {
  type Attributes,
  type Context,
  context,
  isSpanContextValid,
  type Link,
  propagation,
  type SpanKind,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  SamplingDecision,
  type SamplingResult,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { PrismaInstrumentation } from '@prisma/instrumentation';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { setActiveTracing } from './active-tracing.js';
import type { TracingEnv } from './tracing-env.js';

const SHUTDOWN_FLUSH_MS = 3_000;
/** Probes and scrapes: polled all day, never worth a trace. */
const UNTRACED_PATHS = new Set(['/api/livez', '/api/readyz', '/api/health', '/metrics', '/healthz']);
/** gRPC health (Check, Watch, List) and the gateway's long-lived invalidation stream. */
const UNTRACED_GRPC_METHODS = ['Check', 'Watch', 'List', 'WatchInvalidations'];

/**
 * Decides for a span that starts a trace: a database query with no request around it (the outbox
 * relays and the sweeper poll every few seconds) starts none; anything else is kept at `ratio`.
 * Spans inside a trace follow their parent (ParentBasedSampler), across services too.
 */
class RequestRootSampler implements Sampler {
  private readonly ratio: Sampler;

  constructor(ratio: number) {
    this.ratio = new TraceIdRatioBasedSampler(ratio);
  }

  shouldSample(
    ctx: Context,
    traceId: string,
    name: string,
    kind: SpanKind,
    attributes: Attributes,
    links: Link[],
  ): SamplingResult {
    if (name.startsWith('prisma:')) return { decision: SamplingDecision.NOT_RECORD };
    return this.ratio.shouldSample(ctx, traceId, name, kind, attributes, links);
  }

  toString(): string {
    return `RequestRootSampler{${this.ratio.toString()}}`;
  }
}

/** `@ferry/link` → `link`: the package of the folder the service runs in. */
function packageServiceName(): string {
  try {
    const { name } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { name?: string };
    if (name) return name.replace(/^@[^/]+\//, '');
  } catch {
    // not started from its package folder
  }
  return 'unknown_service:node';
}

function pathOf(url: string | undefined): string {
  const q = url?.indexOf('?') ?? -1;
  return (q >= 0 ? url!.slice(0, q) : url) ?? '';
}

/**
 * Starts tracing: W3C trace context over HTTP and gRPC metadata, spans of incoming and outgoing
 * HTTP, express routes, gRPC client and server calls and Prisma queries, exported in batches by
 * OTLP/HTTP (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT. The exporter itself reads the endpoint and
 * OTEL_EXPORTER_OTLP_HEADERS.
 */
export async function startTracing(config: TracingEnv): Promise<void> {
  // ESM imports of the instrumented packages pass through this hook; the instrumentations tell it
  // which modules to wrap, every other module loads untouched.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.OTEL_SERVICE_NAME ?? packageServiceName() }),
    sampler: new ParentBasedSampler({ root: new RequestRootSampler(config.OTEL_TRACES_SAMPLER_ARG ?? 1) }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        ...(config.OTEL_BSP_SCHEDULE_DELAY === undefined
          ? {}
          : { scheduledDelayMillis: config.OTEL_BSP_SCHEDULE_DELAY }),
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has(pathOf(req.url)) }),
      // The route's handler only: a span per middleware and per router passed would bury it.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER] }),
      new GrpcInstrumentation({ ignoreGrpcMethods: UNTRACED_GRPC_METHODS }),
      new PrismaInstrumentation(),
    ],
  });
  await waitForAllMessagesAcknowledged();

  let stopped: Promise<void> | undefined;
  // An unreachable collector must not hold up the exit: at most SHUTDOWN_FLUSH_MS for the last spans.
  const shutdown = () => {
    stopped ??= Promise.race([
      provider.shutdown().catch(() => undefined),
      new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_FLUSH_MS).unref()),
    ]);
    return stopped;
  };
  process.once('beforeExit', () => void shutdown());
  setActiveTracing({
    logFields(): Record<string, string> {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const ids = span.spanContext();
      return isSpanContextValid(ids) ? { trace_id: ids.traceId, span_id: ids.spanId } : {};
    },
    shutdown,
  });
}
