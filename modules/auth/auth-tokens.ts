/** Container token of the checked auth settings (`AuthSettings`). */
export const AUTH_SETTINGS = Symbol.for('trellis.auth.settings');
/** Container token of the `UserProvider` the auth module reads users from. */
export const USER_PROVIDER = Symbol.for('trellis.auth.user-provider');
