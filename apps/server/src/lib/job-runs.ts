/** `skipped`: another node (or this node's previous tick) was still running the job. */
export type JobOutcome = 'ok' | 'failed' | 'skipped';

export interface JobRun {
  job: string;
  outcome: JobOutcome;
  durationSeconds: number;
}

/** A job as this node knows it: its interval, and its last tick here (none yet: null). */
export interface JobState {
  name: string;
  everyMs: number;
  lastRun: { at: Date; outcome: JobOutcome } | null;
}

/**
 * Hears every tick of the modules' jobs: the metrics page counts them, tests wait on them, and the admin
 * overview shows each job's last tick. Kept in memory per node: a tick costs no write, and a node that took
 * no turn at a job (they take turns across nodes) honestly shows when it last ran it itself.
 */
export class JobRuns {
  readonly #listeners = new Set<(run: JobRun) => void>();
  readonly #jobs = new Map<string, JobState>();

  on(listener: (run: JobRun) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A job is started on this node's timer. */
  schedule(name: string, everyMs: number): void {
    this.#jobs.set(name, { name, everyMs, lastRun: null });
  }

  report(run: JobRun): void {
    const job = this.#jobs.get(run.job);
    if (job) job.lastRun = { at: new Date(), outcome: run.outcome };
    for (const listener of this.#listeners) listener(run);
  }

  /** Every scheduled job, by name. */
  states(): JobState[] {
    return [...this.#jobs.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
