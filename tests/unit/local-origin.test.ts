import { describe, expect, it } from 'vitest';
import { localOrigin } from '../../server/http/local-origin.ts';

// Where the site asks itself (its warm-up, the embedded webhook): the address it listens on, or loopback for
// "every interface".

describe('localOrigin', () => {
  it('reaches a server bound to every interface on loopback', () => {
    expect(localOrigin({ address: '0.0.0.0', family: 'IPv4', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(localOrigin({ address: '::', family: 'IPv6', port: 3000 })).toBe('http://[::1]:3000');
  });

  it('reaches a server bound to one address at that address, an IPv6 one in brackets', () => {
    expect(localOrigin({ address: '127.0.0.1', family: 'IPv4', port: 8080 })).toBe('http://127.0.0.1:8080');
    expect(localOrigin({ address: '10.1.2.3', family: 'IPv4', port: 8080 })).toBe('http://10.1.2.3:8080');
    expect(localOrigin({ address: 'fd00::5', family: 'IPv6', port: 8080 })).toBe('http://[fd00::5]:8080');
  });
});
