/**
 * Several app nodes on one machine, for the two-node test (tests/server/cluster) and `npm run bench:cluster`: the
 * compiled server (dist/server/index.mjs) started N times against one PostgreSQL database and one Redis, behind a small
 * proxy like the one docs/deploy.md describes: round-robin for HTTP, sticky by cookie for Socket.IO (its long-polling
 * transport sends each session's requests to the node that holds it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { envSetting } from '../env';
import { distDir } from '../site/load-site-build';

/** The proxy's cookie naming the node a Socket.IO client sticks to (its index). */
export const NODE_COOKIE = 'ilera_node';
/** A node that refused a connection is skipped this long. */
const DOWN_FOR_MS = 5000;

const root = path.resolve(import.meta.dirname, '../..');

export type AppNode = {
  index: number;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** What the process printed (stdout and stderr), for a failing test's message. */
  output: () => string;
};

/**
 * Starts the compiled server and resolves once it logs that it listens (PORT=0: the port it got). `nodeArgs` go to
 * node before the script (bench:cluster's --cpu-prof).
 */
export function startAppNode(index: number, env: Record<string, string>, nodeArgs: string[] = []): Promise<AppNode> {
  const child = spawn(process.execPath, [...nodeArgs, path.join(distDir, 'server', 'index.mjs')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`node ${index} did not start:\n${output}`)), 30_000);
    void exited.then((code) => reject(new Error(`node ${index} exited with ${code}:\n${output}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(output);
      if (!match) return;
      clearTimeout(timeout);
      const port = Number(match[1]);
      resolve({ index, port, baseUrl: `http://127.0.0.1:${port}`, child, exited, output: () => output });
    });
  });
}

export type StickyProxy = {
  baseUrl: string;
  /** Requests and upgrades each node received through the proxy. */
  routed: number[];
  close: () => Promise<void>;
};

const stickyIndexIn = (cookieHeader: string | undefined) => {
  const match = new RegExp(`(?:^|;\\s*)${NODE_COOKIE}=(\\d+)`).exec(cookieHeader ?? '');
  return match ? Number(match[1]) : null;
};

/**
 * A reverse proxy in front of `ports`: each HTTP request goes to the next live node in turn, except Socket.IO's
 * (`/socket.io/`), which go to the node named by the NODE_COOKIE cookie, set on the first answer. A node that refuses
 * connections (it died) is skipped, and a request it refused is sent to another node: nothing reached the dead one.
 */
export async function startStickyProxy(ports: number[]): Promise<StickyProxy> {
  const routed = ports.map(() => 0);
  const downUntil = ports.map(() => 0);
  let turn = 0;
  const live = (index: number) => downUntil[index]! <= Date.now();
  const nextLive = (exclude: Set<number>) => {
    for (let step = 0; step < ports.length; step++) {
      const index = turn++ % ports.length;
      if (live(index) && !exclude.has(index)) return index;
    }
    return [...ports.keys()].find((index) => !exclude.has(index)) ?? null;
  };
  const choose = (req: http.IncomingMessage, exclude: Set<number>) => {
    const sticky = req.url?.startsWith('/socket.io/') ? stickyIndexIn(req.headers.cookie) : null;
    if (sticky !== null && sticky < ports.length && live(sticky) && !exclude.has(sticky)) return { index: sticky };
    const index = nextLive(exclude);
    return index === null ? null : { index, setCookie: Boolean(req.url?.startsWith('/socket.io/')) };
  };
  const forwardedFor = (req: http.IncomingMessage) =>
    [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  const refused = (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED';

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tried: Set<number>) => {
    const choice = choose(req, tried);
    if (!choice) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end('No node answered');
      return;
    }
    const { index } = choice;
    routed[index]! += 1;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: ports[index],
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor(req), 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        const headers = { ...answer.headers };
        if ('setCookie' in choice && choice.setCookie) {
          const cookies = [answer.headers['set-cookie'] ?? []].flat();
          headers['set-cookie'] = [...cookies, `${NODE_COOKIE}=${index}; Path=/; HttpOnly; SameSite=Lax`];
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (refused(error) && !res.headersSent) {
        downUntil[index] = Date.now() + DOWN_FOR_MS;
        forward(req, res, body, new Set([...tried, index]));
        return;
      }
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end();
    });
    upstream.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
  });

  // WebSocket upgrades: the raw request is replayed to the chosen node, then bytes flow both ways.
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const connect = (tried: Set<number>) => {
      const choice = choose(req, tried);
      if (!choice) return client.destroy();
      const { index } = choice;
      routed[index]! += 1;
      const upstream = net.connect(ports[index]!, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let at = 0; at < req.rawHeaders.length; at += 2) {
          if (req.rawHeaders[at]!.toLowerCase() !== 'x-forwarded-for')
            lines.push(`${req.rawHeaders[at]}: ${req.rawHeaders[at + 1]}`);
        }
        lines.push(`X-Forwarded-For: ${forwardedFor(req)}`, 'X-Forwarded-Proto: http', '', '');
        upstream.write(lines.join('\r\n'));
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!connected && refused(error)) {
          downUntil[index] = Date.now() + DOWN_FOR_MS;
          connect(new Set([...tried, index]));
        } else client.destroy();
      });
      client.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    };
    connect(new Set());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    routed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The PostgreSQL tests and benchmarks use: TEST_DATABASE_URL, else the local one (trust auth, database test). */
export const testPostgresUrl = () => envSetting('TEST_DATABASE_URL');
export const testRedisUrl = () => envSetting('TEST_REDIS_URL');

/** A database of its own on that server (created here, dropped by `drop`), so parallel runs never meet. */
export async function createScratchDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = testPostgresUrl();
  const name = `ilera_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      try {
        await again.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}

/** Whether something answers at `url`'s host and port within a second (PostgreSQL, Redis). */
export function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname.replace(/^\[|\]$/g, ''));
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
