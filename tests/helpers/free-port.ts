import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A port free now, for a server that must be known before it starts (the fake provider the app is pointed at). */
export async function freePort() {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
