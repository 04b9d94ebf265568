import { ExpiringMap, type ExpiringMapOptions } from './expiring-map';
import { TokenDenyList } from './token-deny-list';

/** The deny-list of one process; an entry lives until its token would have expired anyway. */
export class InMemoryTokenDenyList extends TokenDenyList {
  private readonly denied: ExpiringMap<string, true>;

  constructor(options: ExpiringMapOptions = {}) {
    super();
    this.denied = new ExpiringMap(options);
  }

  /** Entries held, for housekeeping checks. */
  get size(): number {
    return this.denied.size;
  }

  /** {@inheritDoc TokenDenyList.add} */
  override async add(jti: string, exp: number): Promise<void> {
    this.denied.set(jti, true, exp * 1000);
  }

  /** {@inheritDoc TokenDenyList.has} */
  override has(jti: string): boolean {
    return this.denied.get(jti) === true;
  }
}
