/**
 * The sticky proxy of server/tools/cluster.ts in a process of its own, so that bench:cluster reads its CPU apart from
 * the load generator's: `node --import tsx proxy-process.ts <port> <port>…` prints `{"proxy":"http://…"}` once it
 * listens, and closes on SIGTERM.
 */
import { startStickyProxy } from '../cluster';

const ports = process.argv.slice(2).map(Number);
if (!ports.length || ports.some((port) => !Number.isInteger(port) || port < 1))
  throw new Error('usage: proxy-process.ts <node port> <node port>…');
const proxy = await startStickyProxy(ports);
process.stdout.write(`${JSON.stringify({ proxy: proxy.baseUrl })}\n`);
process.on('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
