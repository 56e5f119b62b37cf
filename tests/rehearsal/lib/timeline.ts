/** Every answer of the load run with its time, split afterwards into the phases between faults. */
export interface Outcome {
  at: number;
  /** HTTP status, or 0 for a request that got no answer (refused, reset, timed out). */
  status: number;
}

export interface PhaseFigures {
  phase: string;
  /** Length of the phase in seconds (the achieved rate is requests / seconds). */
  seconds: number;
  requests: number;
  redirects: number;
  /** Answers other than 302, by status (`0` = no answer). */
  errors: Record<string, number>;
  /** Milliseconds from the phase's start to its last answer other than 302 (null: none). */
  lastErrorAfterMs: number | null;
}

export class Timeline {
  private readonly outcomes: Outcome[] = [];

  record(status: number): void {
    this.outcomes.push({ at: Date.now(), status });
  }

  get size(): number {
    return this.outcomes.length;
  }

  /** Figures for [from, to): one phase of the run. */
  figures(phase: string, from: number, to: number): PhaseFigures {
    let requests = 0;
    let redirects = 0;
    let lastError: number | undefined;
    const errors: Record<string, number> = {};
    for (const o of this.outcomes) {
      if (o.at < from || o.at >= to) continue;
      requests++;
      if (o.status === 302) {
        redirects++;
        continue;
      }
      errors[String(o.status)] = (errors[String(o.status)] ?? 0) + 1;
      lastError = o.at;
    }
    return {
      phase,
      seconds: +((Math.min(to, this.outcomes.at(-1)?.at ?? to) - from) / 1000).toFixed(1),
      requests,
      redirects,
      errors,
      lastErrorAfterMs: lastError === undefined ? null : lastError - from,
    };
  }
}

export const errorCount = (f: PhaseFigures): number => Object.values(f.errors).reduce((a, b) => a + b, 0);
