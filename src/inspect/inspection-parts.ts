import type { DescriptionParts } from './app-description';

/**
 * Where features contribute their part of `app.inspect()`: each names its part and a function
 * that describes it from what it compiled at `ready()`. A part nobody contributes is empty.
 */
export class InspectionParts {
  private readonly describers = new Map<keyof DescriptionParts, (() => unknown[])[]>();

  /** Adds `describe`'s entries to `part`; called from a feature's `install` or its ready hooks. */
  contribute<K extends keyof DescriptionParts>(
    part: K,
    describe: () => NonNullable<DescriptionParts[K]>,
  ): void {
    this.describers.set(part, [...(this.describers.get(part) ?? []), describe]);
  }

  /** Every part, each the entries its contributors describe now (`[]` when none contributes). */
  describe(): DescriptionParts {
    const parts = { gateways: [], resolvers: [], jobs: [] } as unknown as Record<string, unknown[]>;
    for (const [part, describers] of this.describers)
      parts[part] = describers.flatMap((describe) => describe());
    return parts as unknown as DescriptionParts;
  }
}
