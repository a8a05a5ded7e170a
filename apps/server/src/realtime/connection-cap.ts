import type { IncomingMessage } from 'node:http';
import { limitKeyOf } from '../lib/address-limit-key';
import { HandshakeError } from './handshake';
import type { RealtimeSocket } from './types';

/**
 * Socket.IO middleware: at most `maxPerAddress` open sockets per client address (an IPv6 /64 is one), so
 * one machine cannot hold the server's connections hostage. Runs last, once the handshake is otherwise accepted.
 */
export function createConnectionCap(maxPerAddress: number, addressOf: (request: IncomingMessage) => string) {
  const openByAddress = new Map<string, number>();
  return (socket: RealtimeSocket, next: (error?: Error) => void) => {
    const address = limitKeyOf(addressOf(socket.request));
    const open = openByAddress.get(address) ?? 0;
    if (open >= maxPerAddress) {
      return next(new HandshakeError('RATE_LIMITED', 'Too many open connections from this address'));
    }
    openByAddress.set(address, open + 1);
    socket.once('disconnect', () => {
      const remaining = (openByAddress.get(address) ?? 1) - 1;
      if (remaining > 0) openByAddress.set(address, remaining);
      else openByAddress.delete(address);
    });
    next();
  };
}
