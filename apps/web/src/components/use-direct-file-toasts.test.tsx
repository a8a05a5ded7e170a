import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { saveBlob } from '../lib/browser-files';
import { DirectTransferRefusedError, sendFileOver } from '../lib/near/file-transfer';
import { createReceivedFiles, type ReceivedFiles } from '../lib/near/received-files';
import type { LinkServer } from '../realtime/use-near-responder';
import { makeDevice } from '../test/device-fixtures';
import { fakePortPair } from '../test/fake-near-ports';
import { setUpPageTests } from '../test/page-test-setup';
import { Toaster } from '../ui/Toaster';
import { toastStore } from '../ui/toast-store';
import { useDirectFileToasts } from './use-direct-file-toasts';

vi.mock('../lib/browser-files', () => ({ saveBlob: vi.fn() }));

/** The hook in a component, handing its link server to the test. */
interface ReceiverProps {
  policy: 'ask' | 'off';
  files: ReceivedFiles;
  onServer: (serve: LinkServer) => void;
}

function Receiver({ policy, files, onServer }: ReceiverProps) {
  const serve = useDirectFileToasts(makeDevice({ receivePolicy: policy }), files);
  useEffect(() => {
    onServer(serve);
  }, [serve, onServer]);
  return <Toaster />;
}

function renderReceiver(policy: 'ask' | 'off') {
  let serve: LinkServer | undefined;
  const files = createReceivedFiles();
  const view = render(<Receiver policy={policy} files={files} onServer={(server) => (serve = server)} />);
  const [sender, receiving] = fakePortPair();
  serve?.(receiving, 'DEVICE0PHONE0000000001');
  return { sender, view, files };
}

describe('files received over a direct link', () => {
  setUpPageTests();

  test('a whole file shows "<device> sent you <file>" and Save saves its bytes', async () => {
    const { sender, files } = renderReceiver('ask');
    const file = new File(['the picture'], 'holiday.png', { type: 'image/png' });
    await sendFileOver(sender, { id: 'T1', file, from: 'Safari on iPhone' });
    await waitFor(() =>
      expect(toastStore.getToasts().find((toast) => toast.open)?.title).toBe('Safari on iPhone sent you holiday.png'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const [saved, name] = vi.mocked(saveBlob).mock.calls[0] ?? [];
    expect(name).toBe('holiday.png');
    expect(await (saved as Blob).text()).toBe('the picture');
    // Saved, it is no longer held for the tray.
    expect(files.getHeld()).toEqual([]);
  });

  test('a file not saved from its toast stays held (the tray lists it) once another toast took its place', async () => {
    const { sender, files } = renderReceiver('ask');
    await sendFileOver(sender, { id: 'T3', file: new File(['notes'], 'notes.txt'), from: 'Safari on iPhone' });
    await waitFor(() => expect(files.getHeld().map((held) => held.file.name)).toEqual(['notes.txt']));
    act(() => void toastStore.show({ title: 'Copied' }));
    expect(screen.queryByText('Safari on iPhone sent you notes.txt')).not.toBeInTheDocument();
    expect(files.getHeld()).toHaveLength(1);
  });

  test('while receiving is off, a direct file is refused (the sender turns to the server)', async () => {
    const { sender } = renderReceiver('off');
    const file = new File(['x'], 'x.txt');
    await expect(sendFileOver(sender, { id: 'T2', file, from: 'Safari on iPhone' })).rejects.toThrow(
      DirectTransferRefusedError,
    );
  });
});
