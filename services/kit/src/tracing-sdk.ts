import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import { context, isSpanContextValid, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { PrismaInstrumentation } from '@prisma/instrumentation';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { setActiveTracing } from './active-tracing.js';
import type { TracingEnv } from './tracing-env.js';
import { samplerFor } from './tracing-sampler.js';

const SHUTDOWN_FLUSH_MS = 3_000;
/** Probes and scrapes: polled all day, never worth a trace. */
const UNTRACED_PATHS = new Set(['/api/livez', '/api/readyz', '/api/health', '/metrics', '/healthz']);
/** gRPC health (Check, Watch, List) and the gateway's long-lived invalidation stream. */
const UNTRACED_GRPC_METHODS = ['Check', 'Watch', 'List', 'WatchInvalidations'];

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
    sampler: samplerFor(config),
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
