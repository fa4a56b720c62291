import type http from 'node:http';
import express from 'express';
import proxyaddr from 'proxy-addr';

/**
 * The client's address and scheme for a Socket.IO handshake, by Express's own rules: the same
 * 'trust proxy' setting the app is given (TRUST_PROXY), compiled by Express and applied by
 * proxy-addr, as req.ip and req.protocol do.
 */
export function createClientAddress(trustProxy: number) {
  const settings = express();
  settings.set('trust proxy', trustProxy);
  const trust = settings.get('trust proxy fn') as (address: string, hop: number) => boolean;

  return {
    ip: (req: http.IncomingMessage): string => {
      try {
        return proxyaddr(req, trust);
      } catch {
        return req.socket.remoteAddress ?? 'unknown';
      }
    },
    /** 'https' or 'http', like Express's req.protocol. */
    protocol: (req: http.IncomingMessage): 'http' | 'https' => {
      if ((req.socket as { encrypted?: boolean }).encrypted) return 'https';
      if (!trust(req.socket.remoteAddress ?? '', 0)) return 'http';
      const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]!
        .trim();
      return forwarded === 'https' ? 'https' : 'http';
    },
  };
}
