/**
 * A setup step or a count read of a load run, tried again (up to 5 times, 0.5 s, 1 s, …) when the
 * stack answered 502/503/504: on a busy shared machine a gateway's gRPC deadline can pass. The
 * measured requests themselves are never retried.
 */
export async function patiently<T>(what: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await what();
    } catch (err) {
      if (attempt >= 5 || !/: 50[234]\b/.test((err as Error).message)) throw err;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}
