import type { Attributes, Context, Link, SpanKind } from '@opentelemetry/api';
import {
  AlwaysOffSampler,
  ParentBasedSampler,
  type Sampler,
  SamplingDecision,
  type SamplingResult,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace';
import type { TracingEnv } from './tracing-env.js';

/**
 * Decides for a span that starts a trace: a database query with no request around it (the outbox
 * relays and the sweeper poll every few seconds) starts none; anything else is kept at `ratio`.
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

/**
 * The sampler OTEL_TRACES_SAMPLER names (OpenTelemetry's standard values; default
 * `parentbased_traceidratio`), with OTEL_TRACES_SAMPLER_ARG as the ratio (default 1). `parentbased_*`
 * follow the caller's decision inside a trace, across services too; the others decide every span
 * alone. Whatever decides a new trace drops a root Prisma query (a background poll).
 */
export function samplerFor(config: Pick<TracingEnv, 'OTEL_TRACES_SAMPLER' | 'OTEL_TRACES_SAMPLER_ARG'>): Sampler {
  const ratio = config.OTEL_TRACES_SAMPLER_ARG ?? 1;
  switch (config.OTEL_TRACES_SAMPLER ?? 'parentbased_traceidratio') {
    case 'always_on':
      return new RequestRootSampler(1);
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new RequestRootSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new RequestRootSampler(1) });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new RequestRootSampler(ratio) });
  }
}
