import { expect, test } from 'vitest';
import { isLoopbackHostname } from './loopback-host';

test('localhost, 127.x.x.x and [::1] are loopback; LAN addresses and look-alike domains are not', () => {
  for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]']) {
    expect(isLoopbackHostname(host), host).toBe(true);
  }
  for (const host of ['192.168.1.20', '[fe80::1]', 'clipsync.example', '127.0.0.1.example.com', 'localhost.example']) {
    expect(isLoopbackHostname(host), host).toBe(false);
  }
});
