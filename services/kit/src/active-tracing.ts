/**
 * What the tracing bootstrap (`tracing.ts`) hands to the rest of the kit once it started the SDK.
 * This module imports nothing from OpenTelemetry, so with tracing off the logger and the shutdown
 * path load no tracing code at all.
 */
export interface ActiveTracing {
  /** Fields for a log line: the active span's `trace_id` and `span_id`, or nothing outside a span. */
  logFields(): Record<string, string>;
  /** Exports the spans still buffered and stops the SDK. */
  shutdown(): Promise<void>;
}

let active: ActiveTracing | undefined;

export function setActiveTracing(tracing: ActiveTracing): void {
  active = tracing;
}

/** The running tracing SDK's hooks, or undefined when tracing is off. */
export function activeTracing(): ActiveTracing | undefined {
  return active;
}

/** Sends the last spans before the process exits (no-op when tracing is off). */
export async function flushTracing(): Promise<void> {
  await active?.shutdown();
}
