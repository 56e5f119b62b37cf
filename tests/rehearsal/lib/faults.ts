import { grpcServing, type Rehearsal } from '../../../scripts/lib/rehearsal/shape.ts';

/** One failure of the drill: `apply` does it (and, for the data stores, brings them back); `back` is true once the part serves again. */
export interface Fault {
  name: string;
  apply(): Promise<void>;
  back(): Promise<boolean>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
  await res.body?.cancel();
  return res.status === 200;
}

/** SIGKILL one process; the supervisor restarts it (as Kubernetes would restart the pod). */
function kill(r: Rehearsal, name: string, serving: () => Promise<boolean>): Fault {
  const managed = r.processes.get(name);
  if (!managed) throw new Error(`no process ${name} in the rehearsal`);
  let restartsBefore = 0;
  return {
    name: `SIGKILL ${name}`,
    async apply() {
      restartsBefore = managed.restarts;
      managed.child.kill('SIGKILL');
    },
    async back() {
      return managed.restarts > restartsBefore && managed.child.exitCode === null && (await serving());
    },
  };
}

/** The drill's failures, one after another: a gateway, a link service, Redis, PostgreSQL for `postgresDownMs`. */
export function drillFaults(r: Rehearsal, postgresDownMs: number): Fault[] {
  const gateway = r.gateways[0]!;
  const link = r.links[0]!;
  return [
    kill(r, gateway.name, () => answers(`http://127.0.0.1:${gateway.port}/api/readyz`)),
    kill(r, link.name, () => grpcServing('link', link.port)),
    {
      name: 'restart Redis',
      async apply() {
        await r.redis.halt();
        await r.redis.resume();
      },
      back: async () => true, // resume() returns once Redis answers PING
    },
    {
      name: `stop PostgreSQL for ${postgresDownMs / 1000} s`,
      async apply() {
        await r.postgres.halt();
        await sleep(postgresDownMs);
        await r.postgres.resume();
      },
      back: async () => true, // resume() returns once PostgreSQL accepts connections
    },
  ];
}
