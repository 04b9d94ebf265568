import { isIP } from 'node:net';
import { trellisError } from '../kernel';

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const version = isIP(address);
  if (version === 0) return false;
  if (slash === -1) return true;
  const range = entry.slice(slash + 1);
  // A prefix of 0 (`0.0.0.0/0`) would trust every address; proxy-addr refuses it with a TypeError.
  if (/^\d{1,3}$/.test(range)) return Number(range) >= 1 && Number(range) <= (version === 4 ? 32 : 128);
  // A netmask (255.255.0.0) is accepted for IPv4, as Express accepts it, when its bits are contiguous.
  return version === 4 && isIP(range) === 4 && contiguousMask(range);
}

function contiguousMask(mask: string): boolean {
  const bits = mask.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
  const inverted = 2 ** 32 - 1 - bits;
  return bits !== 0 && (inverted & (inverted + 1)) === 0;
}

/**
 * Checks a `trustProxy` option and gives it in the shape both engines accept: a count, a boolean
 * or a list of entries. Throws a clear error for anything else, so a typo fails at `createApp`.
 */
export function resolveTrustProxy(value: unknown): boolean | number | string[] | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0) return value;
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      'trustProxy',
      `a hop count must be a whole number from 0 (got ${value})`,
    );
  }
  const entries =
    typeof value === 'string'
      ? value.split(',').map((entry) => entry.trim())
      : Array.isArray(value) && value.every((entry) => typeof entry === 'string')
        ? value.map((entry: string) => entry.trim())
        : undefined;
  if (!entries)
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      'trustProxy',
      'expected true, a hop count, or addresses and subnets',
    );
  const wrong = entries.filter((entry) => !validEntry(entry));
  if (wrong.length > 0 || entries.length === 0)
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      'trustProxy',
      `not an address, a subnet with a prefix from 1 (or a contiguous IPv4 netmask), or loopback/linklocal/uniquelocal: ${wrong.map((w) => JSON.stringify(w)).join(', ') || '(empty)'}`,
    );
  return entries;
}
