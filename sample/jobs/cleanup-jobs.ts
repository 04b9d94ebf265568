import type { Logger } from 'pino';
import type { SampleDatabase } from '../database/schema';
import { Cron, Database, Inject, Injectable } from '../trellis';
import { purgeExpired } from './purge-expired';

/**
 * The class of the `cleanup-expired` schedule, on the expression `CLEANUP_CRON` gives: it deletes
 * expired idempotency keys and sessions. Made per application, since the expression is configuration.
 */
export function cleanupJobs(expression: string, logger: Logger) {
  @Injectable()
  class CleanupJobs {
    constructor(@Inject(Database) readonly db: SampleDatabase) {}

    @Cron(expression, { name: 'cleanup-expired' })
    async cleanup(): Promise<void> {
      const deleted = await purgeExpired(this.db);
      logger.info({ deleted }, 'expired idempotency keys and sessions deleted');
    }
  }
  return CleanupJobs;
}
