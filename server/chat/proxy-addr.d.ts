// proxy-addr (a dependency of express) ships no types; only the call the chat uses.
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';
  function proxyaddr(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string;
  export default proxyaddr;
}
