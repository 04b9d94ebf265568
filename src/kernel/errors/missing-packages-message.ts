/** An optional peer dependency a feature in use needs, and the range to install. */
export interface MissingPackage {
  /** The package to install. */
  name: string;
  /** What needs it, as the message names it (`'Server-sent events (Sse routes)'`). */
  feature: string;
  /** The supported range, from Trellis's peer dependencies; none for an unknown package. */
  range?: string;
}

/** The argument of `npm install` for one missing package. */
export function installSpec({ name, range }: MissingPackage): string {
  return range ? `${name}@"${range}"` : name;
}

/**
 * One message for every missing package, grouped by the feature that needs them, ending with one
 * `npm install` line for all, so that one round of installing is enough.
 */
export function missingPackages(missing: readonly MissingPackage[]): string {
  const specs = [...new Set(missing.map(installSpec))];
  if (missing.length === 1) {
    const [{ feature, name }] = missing;
    return `${feature} needs the package '${name}', which is not installed: npm install ${specs[0]}`;
  }
  const byFeature = new Map<string, string[]>();
  for (const { feature, name } of missing) byFeature.set(feature, [...(byFeature.get(feature) ?? []), name]);
  const lines = [...byFeature].map(
    ([feature, names]) => `  - ${feature}: ${names.map((n) => `'${n}'`).join(', ')}`,
  );
  return `Features in use need packages that are not installed:\n${lines.join('\n')}\nInstall them all with: npm install ${specs.join(' ')}`;
}
