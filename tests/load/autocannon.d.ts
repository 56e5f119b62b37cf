// The part of autocannon 9's API the load runner uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
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
  function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): unknown;
  export default autocannon;
}
