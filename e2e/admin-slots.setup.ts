import { test as setup } from '@playwright/test';
import { signUpAdminSlots } from './support/accounts';

/** Runs once before the journeys (playwright.config.ts, project `admin-slots`): see signUpAdminSlots. */
setup('every admin slot has its confirmed account', async ({ request }) => {
  await signUpAdminSlots(request);
});
