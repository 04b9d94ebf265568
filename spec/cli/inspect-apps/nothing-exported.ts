// A module that exports no application.
/** Not an application. */
export const answer = 42;
