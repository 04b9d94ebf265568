import type { Logger } from 'pino';

/**
 * Runs every step, even after one fails: a failure is logged with its name and never keeps the
 * next step from running, so one broken hook cannot leave a port open or a database unclosed.
 */
export async function settleEach(
  steps: readonly { name: string; run: () => unknown }[],
  logger: Logger,
  what: string,
): Promise<void> {
  for (const step of steps) {
    try {
      await step.run();
    } catch (err) {
      logger.error({ err, step: step.name }, `${what} failed: ${step.name}`);
    }
  }
}

/** Like `settleEach`, with the steps side by side: for drains that share one deadline. */
export async function settleAll(
  steps: readonly { name: string; run: () => unknown }[],
  logger: Logger,
  what: string,
): Promise<void> {
  await Promise.all(steps.map((step) => settleEach([step], logger, what)));
}
