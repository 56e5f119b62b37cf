// The part of autocannon 9's API the load runner and the rehearsal drill use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests (instead of a duration). */
    amount?: number;
    /** Seconds before a request counts as timed out (default 10). */
    timeout?: number;
    overallRate?: number;
    requests?: Array<{ setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number } | undefined>;
  }
  interface Instance {
    /** Every answer, as it arrives. */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): Instance;
    /** A request that failed without an answer (connection refused or reset, timeout). */
    on(event: 'reqError', listener: (error: Error) => void): Instance;
    stop(): void;
  }
  function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
