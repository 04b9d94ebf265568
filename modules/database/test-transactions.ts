// The switch of the testing kit's rollback per test: while it is on, each database module holds
// its connection in one transaction from the end of its migrations (so that what `ready()` seeds
// is rolled back too) until the test ends or the application closes.
const releases = new Set<() => Promise<void>>();
let on = false;

/** Whether applications readied now run inside a transaction rolled back after the test. */
export function testTransactionsOn(): boolean {
  return on;
}

/** Turns the rollback per test on (`true`) or off. */
export function setTestTransactions(value: boolean): void {
  on = value;
}

/** Remembers a held transaction, to be rolled back by `rollbackTestTransactions()`. */
export function trackTestTransaction(release: () => Promise<void>): void {
  releases.add(release);
}

/** Rolls back every transaction held since the last call (those of closed apps already were). */
export async function rollbackTestTransactions(): Promise<void> {
  const pending = [...releases];
  releases.clear();
  await Promise.all(pending.map((release) => release()));
}
