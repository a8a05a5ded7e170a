import type { ReceivedFile } from './file-transfer';

export interface HeldFile extends ReceivedFile {
  id: string;
}

type Listener = () => void;

/**
 * Files that came straight from another device, held in this page's memory until the user saves or
 * dismisses them: they never went through the server, so nothing else has a copy, and a toast (replaced by
 * the next one, gone after a few seconds) must not be the only way to them.
 */
export function createReceivedFiles() {
  let held: readonly HeldFile[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const changed = (next: readonly HeldFile[]) => {
    held = next;
    for (const listener of listeners) listener();
  };
  return {
    hold(received: ReceivedFile): HeldFile {
      const file = { ...received, id: `received-${++counter}` };
      changed([...held, file]);
      return file;
    },
    release(id: string): void {
      if (held.some((file) => file.id === id)) changed(held.filter((file) => file.id !== id));
    },
    getHeld: (): readonly HeldFile[] => held,
    heldBytes: (): number => held.reduce((bytes, file) => bytes + file.file.size, 0),
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ReceivedFiles = ReturnType<typeof createReceivedFiles>;

/** This page's one list. */
export const receivedFiles = createReceivedFiles();
