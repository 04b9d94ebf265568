/**
 * Secrets printed in Trellis's README and docs. Anyone can read them, so a production app signing
 * with one signs tokens anyone can forge. A spec keeps this list in step with the docs.
 */
export const PUBLISHED_SECRETS: ReadonlySet<string> = new Set(['a-test-secret-of-32-characters-or-more']);
