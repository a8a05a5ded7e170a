import ipaddr from 'ipaddr.js';

/**
 * The key every per-address limit, cap and quota counts under. An IPv4 address is one device or one NAT'd
 * household; an IPv6 device is handed a whole /64 and may pick any address in it, so the /64 is what one
 * host is. An IPv4-mapped IPv6 address (::ffff:192.0.2.1, as dual-stack sockets report IPv4) is its IPv4
 * address. An unparsable address stays its own key.
 */
export function limitKeyOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
