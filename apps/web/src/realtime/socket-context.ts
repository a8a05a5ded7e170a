import { createContext, useContext } from 'react';
import type { RealtimeSocket } from './socket-client';

export interface SocketContextValue {
  /** The current socket, or null while nobody needs one (signed out, no shared clip open). */
  socket: RealtimeSocket | null;
  isConnected: boolean;
  /**
   * Asks for a socket even while signed out (a signed-out viewer of a shared clip may
   * open one for its live updates). Returns the release; the guest socket closes when nobody holds one.
   */
  requestGuestConnection(): () => void;
}

export const SocketContext = createContext<SocketContextValue | null>(null);

export function useSocket(): SocketContextValue {
  const value = useContext(SocketContext);
  if (!value) throw new Error('useSocket must be used within the SocketProvider');
  return value;
}
