import { z } from 'zod';
import { env } from './config.js';

/**
 * The tracing variables, under OpenTelemetry's standard names, for a service's config schema
 * (spread into its z.object). Tracing is off unless OTEL_EXPORTER_OTLP_ENDPOINT is set.
 */
export const tracingEnv = {
  /** OTLP/HTTP collector base URL (spans go to `<endpoint>/v1/traces`); unset = no tracing SDK is loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** Extra export headers, `key=value,key2=value2` (a collector's API key). */
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
  /** service.name of the spans (default: the package name without its scope, e.g. `link`). */
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  /**
   * Which sampler (OpenTelemetry's standard names): `parentbased_traceidratio` (default: a new trace
   * is kept at OTEL_TRACES_SAMPLER_ARG, a call inside a trace follows its caller), `traceidratio`,
   * `always_on`, `always_off`, `parentbased_always_on`, `parentbased_always_off`.
   */
  OTEL_TRACES_SAMPLER: z
    .enum([
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .optional(),
  /** The ratio of the `*traceidratio` samplers, 0…1 (default 1). */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  /** Milliseconds between two exports of finished spans (default 5000). */
  OTEL_BSP_SCHEDULE_DELAY: env.millis().optional(),
};

export const tracingEnvSchema = z.object(tracingEnv);
export type TracingEnv = z.infer<typeof tracingEnvSchema>;
