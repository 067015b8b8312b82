import type { Server } from 'node:http';
import type { Socket } from 'node:net';
// Declared in config.ts: the config sits under the plugins and imports none of them.
import type { ConnectionLimits } from './connection-limits-config.js';

interface Logger {
  warn(object: object, message: string): void;
}

/**
 * Caps the connections `server` holds (issue 34 point 10: 3,000 stalled connections from one
 * address were all kept). Past `max` Node itself closes each new socket (`server.maxConnections`);
 * past `perAddress` for its address a new socket is closed before a byte of it is read, so one
 * address cannot hold every slot while the others are still served. The counts live in the
 * process, as the sockets do: each API process caps its own, and nginx caps them per client in
 * the cluster (deploy/nginx, limit_conn). The first refusal of an address while it is at its cap
 * is logged; the rest are not, so a flood does not flood the log too.
 */
export function limitConnections(server: Server, limits: ConnectionLimits, log: Logger): void {
  server.maxConnections = limits.max;
  const open = new Map<string, number>();
  const logged = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= limits.perAddress) {
      if (!logged.has(address)) {
        logged.add(address);
        log.warn({ address, limit: limits.perAddress }, 'connections refused: the address holds as many as it may');
      }
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      logged.delete(address);
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
