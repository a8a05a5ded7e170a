import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { saveBlob } from '../lib/browser-files';
import { createReceivedFiles } from '../lib/near/received-files';
import { setUpPageTests } from '../test/page-test-setup';
import { ReceivedFilesTray } from './ReceivedFilesTray';

vi.mock('../lib/browser-files', () => ({ saveBlob: vi.fn() }));

const received = (name: string) => ({
  fromDeviceId: 'DEVICE-A',
  fromName: 'Firefox on Linux',
  file: new File([name], name),
});

describe('ReceivedFilesTray', () => {
  setUpPageTests();

  test('shows nothing until a file is held, then each with Save and Dismiss until it is gone', async () => {
    const files = createReceivedFiles();
    render(<ReceivedFilesTray files={files} />);
    expect(screen.queryByRole('region', { name: 'Files sent to this device' })).not.toBeInTheDocument();
    act(() => {
      files.hold(received('report.pdf'));
      files.hold(received('photo.jpg'));
    });
    const tray = screen.getByRole('region', { name: 'Files sent to this device' });
    expect(tray).toHaveTextContent('Firefox on Linux sent you report.pdf');
    expect(tray).toHaveTextContent('Firefox on Linux sent you photo.jpg');

    await userEvent.click(screen.getByRole('button', { name: 'Save report.pdf' }));
    expect(saveBlob).toHaveBeenCalledWith(expect.objectContaining({ name: 'report.pdf' }), 'report.pdf');
    expect(tray).not.toHaveTextContent('report.pdf');

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss photo.jpg' }));
    expect(screen.queryByRole('region', { name: 'Files sent to this device' })).not.toBeInTheDocument();
    expect(saveBlob).toHaveBeenCalledTimes(1);
  });
});
