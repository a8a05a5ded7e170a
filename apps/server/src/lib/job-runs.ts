/** `skipped`: another node (or this node's previous tick) was still running the job. */
export type JobOutcome = 'ok' | 'failed' | 'skipped';

export interface JobRun {
  job: string;
  outcome: JobOutcome;
  durationSeconds: number;
}

/** Hears every tick of the modules' jobs: the metrics page counts them, tests wait on them. */
export class JobRuns {
  readonly #listeners = new Set<(run: JobRun) => void>();

  on(listener: (run: JobRun) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  report(run: JobRun): void {
    for (const listener of this.#listeners) listener(run);
  }
}
