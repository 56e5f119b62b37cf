import { ROOT_CONTEXT, SpanKind, TraceFlags, trace } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { tracingEnvSchema } from './tracing-env.js';
import { samplerFor } from './tracing-sampler.js';

const RECORD = SamplingDecision.RECORD_AND_SAMPLED;
const DROP = SamplingDecision.NOT_RECORD;
/** A trace id whose ratio position is about 0.5 (TraceIdRatioBasedSampler reads its last 8 hex digits). */
const TRACE = '0af7651916cd43dd8448eb211c80319c';

const inside = (sampled: boolean) =>
  trace.setSpanContext(ROOT_CONTEXT, {
    traceId: TRACE,
    spanId: 'b7ad6b7169203331',
    traceFlags: sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
    isRemote: true,
  });

/** The decisions for: a new request trace, a root Prisma query, a call inside a kept and inside a dropped trace. */
function decisions(env: Record<string, string>) {
  const sampler = samplerFor(tracingEnvSchema.parse(env));
  const decide = (ctx: typeof ROOT_CONTEXT, name: string) =>
    sampler.shouldSample(ctx, TRACE, name, SpanKind.SERVER, {}, []).decision;
  return [
    decide(ROOT_CONTEXT, 'GET /api/d'),
    decide(ROOT_CONTEXT, 'prisma:client:operation'),
    decide(inside(true), 'GET /api/d'),
    decide(inside(false), 'GET /api/d'),
  ];
}

describe('OTEL_TRACES_SAMPLER', () => {
  it('defaults to parentbased_traceidratio at 1: keeps new request traces, follows the caller inside one', () => {
    expect(decisions({})).toEqual([RECORD, DROP, RECORD, DROP]);
    expect(decisions({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio' })).toEqual([RECORD, DROP, RECORD, DROP]);
  });

  it('takes OTEL_TRACES_SAMPLER_ARG as the ratio of new traces', () => {
    expect(decisions({ OTEL_TRACES_SAMPLER_ARG: '0' })).toEqual([DROP, DROP, RECORD, DROP]);
    expect(decisions({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' })).toEqual([
      DROP,
      DROP,
      DROP,
      DROP,
    ]);
  });

  it('has the other standard samplers', () => {
    expect(decisions({ OTEL_TRACES_SAMPLER: 'always_on' })).toEqual([RECORD, DROP, RECORD, RECORD]);
    expect(decisions({ OTEL_TRACES_SAMPLER: 'always_off' })).toEqual([DROP, DROP, DROP, DROP]);
    expect(decisions({ OTEL_TRACES_SAMPLER: 'parentbased_always_on' })).toEqual([RECORD, DROP, RECORD, DROP]);
    expect(decisions({ OTEL_TRACES_SAMPLER: 'parentbased_always_off' })).toEqual([DROP, DROP, RECORD, DROP]);
  });

  it('refuses a sampler it does not have, and a ratio outside 0…1', () => {
    expect(tracingEnvSchema.safeParse({ OTEL_TRACES_SAMPLER: 'jaeger_remote' }).success).toBe(false);
    expect(tracingEnvSchema.safeParse({ OTEL_TRACES_SAMPLER_ARG: '1.5' }).success).toBe(false);
  });
});
