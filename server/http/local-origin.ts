import type { AddressInfo } from 'node:net';

/**
 * Where a client on this machine reaches a server listening at `address`: the address itself, or loopback
 * for one bound to every interface; an IPv6 address in brackets. The site asks itself at this origin (its
 * warm-up, the embedded content service's webhook).
 */
export const localOrigin = ({ address, family, port }: AddressInfo): string => {
  const host = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  return `http://${family === 'IPv6' ? `[${host}]` : host}:${port}`;
};
