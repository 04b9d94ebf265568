/**
 * Which proxies in front may tell the client address through `X-Forwarded-For`, as Express's
 * `trust proxy` takes it: a hop count, addresses and subnets (a list, or one comma-separated
 * string; also the names `loopback`, `linklocal`, `uniquelocal`), or `true`. `true` trusts every
 * hop, so the address is the left-most entry, which the client writes itself: any client can then
 * choose the address it is counted under. Prefer the count of proxies or their addresses.
 */
export type TrustProxy = boolean | number | string | readonly string[];
