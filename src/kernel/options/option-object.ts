/** The option's object form, or no settings for `true`. */
export function objectOr<T extends object>(option: boolean | T): T | Record<string, never> {
  return typeof option === 'object' ? option : {};
}
