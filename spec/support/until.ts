/**
 * Waits until `check` holds, asking again every 10 ms; fails naming `what` after `ms`. For what
 * no event announces (a row's state, another process's output): never a fixed sleep.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 10_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
