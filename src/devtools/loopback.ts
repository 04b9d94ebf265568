import { isIP } from 'node:net';

/** Whether a socket's remote address is this machine's loopback (127.0.0.0/8, ::1, or either mapped). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}
