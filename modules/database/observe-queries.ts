import type { LogEvent } from 'kysely';
import type { AppMetrics } from '../../src/metrics';
import type { Tracing } from '../../src/tracing';

/** Kysely's `log` hook reporting each query's time to the metrics and traces that are on. */
export function observeQueries(
  dialect: string,
  metrics: AppMetrics | undefined,
  tracing: Tracing | undefined,
): ((event: LogEvent) => void) | undefined {
  if (!metrics && !tracing) return undefined;
  const observe = metrics?.histogram(
    'db_query_duration_seconds',
    'Time of each database query, by outcome (query or error)',
    ['outcome'],
  );
  return (event) => {
    const outcome = event.level === 'error' ? 'error' : 'query';
    observe?.({ outcome }, event.queryDurationMillis / 1000);
    tracing?.finishedSpan(
      `db ${dialect}`,
      event.queryDurationMillis,
      {
        'db.system': dialect === 'postgres' ? 'postgresql' : 'sqlite',
        'db.query.text': event.query.sql,
      },
      event.level === 'error' ? event.error : undefined,
    );
  };
}
