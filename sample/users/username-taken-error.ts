/** The database refused a user because another one already has that username. */
export class UsernameTakenError extends Error {
  override readonly name = 'UsernameTakenError';

  constructor(readonly username: string) {
    super(`Username '${username}' is taken`);
  }
}
