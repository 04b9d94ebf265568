import type { MissingPackage } from '../kernel';
import { declaredRange, isInstalled } from './load-optional';
import { MissingPackageError } from './missing-package-error';

/**
 * Collects the optional packages the features in use need, so that start-up reports every
 * missing one at once instead of one per start.
 */
export class MissingPackages {
  private readonly missing: MissingPackage[] = [];

  /** Notes `name` as needed by `feature`; true when it is installed. */
  need(name: string, feature: string): boolean {
    if (isInstalled(name)) return true;
    this.missing.push({ name, feature, range: declaredRange(name) });
    return false;
  }

  /** Notes every package of `names`; true when all are installed. */
  needAll(names: readonly string[], feature: string): boolean {
    return names.map((name) => this.need(name, feature)).every(Boolean);
  }

  /** Throws one `MissingPackageError` naming every package noted missing so far. */
  assertInstalled(): void {
    if (this.missing.length > 0) throw new MissingPackageError(this.missing.splice(0));
  }
}
