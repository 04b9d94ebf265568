import type { JobInfo } from './jobs-token';

/** How many jobs of one name wait, run and have failed. */
export interface JobNameCounts {
  name: string;
  waiting: number;
  running: number;
  failed: number;
}

/** The jobs at a glance: the counts per name (sorted), and the first jobs of each state. */
export interface JobsOverview {
  names: JobNameCounts[];
  /** The running jobs, then the failed ones (newest first), then the waiting ones (next first). */
  jobs: JobInfo[];
}

/** What the devtools page reads and acts on; the `jobs` module binds it under `JOBS_BOARD`. */
export interface JobsBoard {
  overview(): Promise<JobsOverview>;
  retry(id: string): Promise<boolean>;
  cancel(id: string): Promise<boolean>;
}

/** The container token of the `JobsBoard`, bound when the `jobs` module is installed. */
export const JOBS_BOARD: unique symbol = Symbol.for('trellis.jobs.board');
