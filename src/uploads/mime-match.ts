/** A test of MIME types against an allow-list (`image/png`, `image/*`); none: any type passes. */
export function mimeMatcher(allowed: readonly string[] | undefined): (mimeType: string) => boolean {
  if (!allowed || allowed.length === 0) return () => true;
  const exact = new Set(allowed.filter((type) => !type.endsWith('/*')).map((type) => type.toLowerCase()));
  const prefixes = allowed
    .filter((type) => type.endsWith('/*'))
    .map((type) => type.slice(0, -1).toLowerCase());
  return (mimeType) => {
    const type = mimeType.toLowerCase();
    return exact.has(type) || prefixes.some((prefix) => type.startsWith(prefix));
  };
}
