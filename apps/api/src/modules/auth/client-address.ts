import { isIPv6 } from 'node:net';

/**
 * The address a throttle counts: IPv4 as it is, IPv6 by its /64 network. One IPv6 customer
 * usually holds a whole /64, so counting single IPv6 addresses would give an attacker 2^64
 * fresh "addresses". An IPv4-mapped IPv6 address (::ffff:192.0.2.1) counts as its IPv4 address.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = ip.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}
