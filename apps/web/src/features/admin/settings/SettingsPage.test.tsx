import { ADMIN_OVERVIEW_ENDPOINTS, type AdminSettings } from '@clipsync/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { fakeApi } from '../../../test/fake-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import { renderAdminPage } from '../admin-test-kit';
import SettingsPage from './SettingsPage';

const byDefault: AdminSettings = {
  mode: { value: 'open', source: 'default', editable: true },
  emailDomains: { value: [], source: 'default', editable: true },
  clipRetentionDays: { value: null, source: 'default', editable: true },
};

const group = async (name: string) => within(await screen.findByRole('group', { name }));

describe('SettingsPage', () => {
  setUpPageTests();
  const api = fakeApi();

  test('unset everywhere: Open chosen, from the default, editable; Save sends the mode and the domains', async () => {
    api.on(ADMIN_OVERVIEW_ENDPOINTS.settings).mockResolvedValue(byDefault);
    const saved: AdminSettings = {
      mode: { value: 'invite', source: 'console', editable: true },
      emailDomains: { value: ['example.com', 'b.org'], source: 'console', editable: true },
      clipRetentionDays: { value: null, source: 'default', editable: true },
    };
    api.on(ADMIN_OVERVIEW_ENDPOINTS.updateSettings).mockResolvedValue(saved);
    renderAdminPage(<SettingsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const mode = await group('Who may sign up');
    expect(await mode.findByRole('radio', { name: /^Open/ })).toBeChecked();
    // Each mode says who may join; admins' invitations pass even a closed server.
    expect(mode.getByRole('radio', { name: /^Closed/ })).toHaveAccessibleName(
      expect.stringContaining('Only people an admin invites may join'),
    );
    expect(mode.getByRole('radio', { name: /^By invitation/ })).toHaveAccessibleName(
      expect.stringContaining('Anyone a member invites to a room, or an admin invites'),
    );
    expect(mode.getByTestId('setting-source')).toHaveTextContent(
      'The default: neither the environment nor the console sets it.',
    );

    await userEvent.click(mode.getByRole('radio', { name: /^By invitation/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Domains sign-ups are for' }), 'Example.com, b.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.on(ADMIN_OVERVIEW_ENDPOINTS.updateSettings)).toHaveBeenCalledWith(
      expect.objectContaining({ body: { mode: 'invite', emailDomains: ['example.com', 'b.org'] } }),
    );
    expect((await group('Who may sign up')).getByTestId('setting-source')).toHaveTextContent('Set in this console.');
  });

  test("a mode the environment sets is greyed with the environment's words, and never sent", async () => {
    api.on(ADMIN_OVERVIEW_ENDPOINTS.settings).mockResolvedValue({
      ...byDefault,
      mode: { value: 'closed', source: 'environment', editable: false },
    });
    api.on(ADMIN_OVERVIEW_ENDPOINTS.updateSettings).mockResolvedValue(byDefault);
    renderAdminPage(<SettingsPage />);
    const mode = await group('Who may sign up');
    expect(await mode.findByRole('radio', { name: /^Closed/ })).toBeChecked();
    for (const radio of mode.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(mode.getByTestId('setting-source')).toHaveTextContent(
      "Set in the server's environment (REGISTRATION), which wins over the console: change it there.",
    );
    expect(screen.getByRole('textbox', { name: 'Domains sign-ups are for' })).toBeEnabled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Domains sign-ups are for' }), 'a.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.on(ADMIN_OVERVIEW_ENDPOINTS.updateSettings)).toHaveBeenCalledWith(
      expect.objectContaining({ body: { emailDomains: ['a.com'] } }),
    );
  });

  test('both from the environment: nothing to save', async () => {
    api.on(ADMIN_OVERVIEW_ENDPOINTS.settings).mockResolvedValue({
      mode: { value: 'invite', source: 'environment', editable: false },
      emailDomains: { value: ['example.com'], source: 'environment', editable: false },
      clipRetentionDays: { value: 30, source: 'environment', editable: false },
    });
    renderAdminPage(<SettingsPage />);
    expect(await screen.findByRole('textbox', { name: 'Domains sign-ups are for' })).toHaveValue('example.com');
    expect(screen.getByRole('textbox', { name: 'Domains sign-ups are for' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  test('the history cap: empty for none; Save history limit sends the days, or null when emptied', async () => {
    api.on(ADMIN_OVERVIEW_ENDPOINTS.settings).mockResolvedValue(byDefault);
    api.on(ADMIN_OVERVIEW_ENDPOINTS.updateSettings).mockResolvedValue({
      ...byDefault,
      clipRetentionDays: { value: 30, source: 'console', editable: true },
    });
    renderAdminPage(<SettingsPage />);
    const days = await screen.findByRole('spinbutton', { name: 'Keep every history at most (days)' });
    expect(days).toHaveValue(null);
    await userEvent.type(days, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save history limit' }));
    expect(api.on(ADMIN_OVERVIEW_ENDPOINTS.updateSettings)).toHaveBeenCalledWith(
      expect.objectContaining({ body: { clipRetentionDays: 30 } }),
    );
    const saved = await screen.findByRole('spinbutton', { name: 'Keep every history at most (days)' });
    await userEvent.clear(saved);
    await userEvent.click(screen.getByRole('button', { name: 'Save history limit' }));
    expect(api.on(ADMIN_OVERVIEW_ENDPOINTS.updateSettings)).toHaveBeenLastCalledWith(
      expect.objectContaining({ body: { clipRetentionDays: null } }),
    );
  });

  test('the history cap from the environment: greyed, with its variable, nothing to save', async () => {
    api.on(ADMIN_OVERVIEW_ENDPOINTS.settings).mockResolvedValue({
      ...byDefault,
      clipRetentionDays: { value: 90, source: 'environment', editable: false },
    });
    renderAdminPage(<SettingsPage />);
    const days = await screen.findByRole('spinbutton', { name: 'Keep every history at most (days)' });
    expect(days).toHaveValue(90);
    expect(days).toBeDisabled();
    expect((await group('History')).getByTestId('setting-source')).toHaveTextContent('CLIP_RETENTION_DAYS');
    expect(screen.queryByRole('button', { name: 'Save history limit' })).not.toBeInTheDocument();
  });

  test("a refused save shows the server's reason", async () => {
    api.on(ADMIN_OVERVIEW_ENDPOINTS.settings).mockResolvedValue(byDefault);
    api
      .on(ADMIN_OVERVIEW_ENDPOINTS.updateSettings)
      .mockRejectedValue(new ApiError('Invalid body.emailDomains.0', 400, 'VALIDATION_FAILED'));
    renderAdminPage(<SettingsPage />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Domains sign-ups are for' }), '@nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The settings could not be saved')).toBeInTheDocument();
    expect(screen.getByText('Invalid body.emailDomains.0')).toBeInTheDocument();
  });
});
