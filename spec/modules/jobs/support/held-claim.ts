import * as graphileGetJob from 'graphile-worker/dist/sql/getJob';
import sinon from 'sinon';
import { GraphileJobBackend } from '../../../../modules/jobs/postgres/graphile-job-backend';
import { SqliteJobBackend } from '../../../../modules/jobs/sqlite/sqlite-job-backend';
import { SqliteJobStore } from '../../../../modules/jobs/sqlite/sqlite-job-store';
import type { SpecDatabase } from '../../../support/databases';

/** A worker's claim held between its commit and its answer; restore with `sinon.restore()`. */
export interface HeldClaim {
  /** Resolves once a claim that took a job has committed (the job locked in the database). */
  claimed: Promise<void>;
  /** Resolves once the backend's `stop()` has begun, the moment the held claim answers. */
  stopBegan: Promise<void>;
}

/**
 * Holds the claims of the workers on `database` that take a job (the SQLite store's `claim`,
 * graphile-worker's `getJob`) after they committed, until a backend's `stop()` begins: a claim
 * in flight when the application stops, made deterministic.
 */
export function holdClaimUntilStop(database: SpecDatabase): HeldClaim {
  let claimed!: () => void;
  let stopBegan!: () => void;
  const held: HeldClaim = {
    claimed: new Promise((resolve) => (claimed = resolve)),
    stopBegan: new Promise((resolve) => (stopBegan = resolve)),
  };
  const holding = async <T>(jobs: T, tookOne: boolean): Promise<T> => {
    if (!tookOne) return jobs;
    claimed();
    await held.stopBegan;
    return jobs;
  };
  const Backend = database.name === 'sqlite' ? SqliteJobBackend : GraphileJobBackend;
  if (database.name === 'sqlite') {
    const claim = SqliteJobStore.prototype.claim;
    sinon.stub(SqliteJobStore.prototype, 'claim').callsFake(async function (this: SqliteJobStore, ...args) {
      const jobs = await claim.apply(this, args);
      return holding(jobs, jobs.length > 0);
    });
  } else {
    // graphile-worker's worker calls it through its module's exports, where the stub stands.
    const getJob = graphileGetJob.getJob;
    sinon.stub(graphileGetJob, 'getJob').callsFake(async (...args) => {
      const job = await getJob(...args);
      return holding(job, job !== undefined);
    });
  }
  const stop = Backend.prototype.stop;
  sinon.stub(Backend.prototype, 'stop').callsFake(function (this: SqliteJobBackend, graceMs) {
    // Called first, so that the backend knows it is stopping before the claim answers.
    const stopped = stop.call(this, graceMs);
    stopBegan();
    return stopped;
  });
  return held;
}
