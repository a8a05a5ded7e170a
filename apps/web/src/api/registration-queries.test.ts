import { API_BASE, AUTH_ENDPOINTS } from '@clipsync/shared';
import { expect, test } from 'vitest';
import { REGISTRATION_SETTINGS_URL } from './registration-queries';

test("the bare fetch's URL is the endpoint table's", () => {
  expect(REGISTRATION_SETTINGS_URL).toBe(`${API_BASE}${AUTH_ENDPOINTS.registration.path}`);
  expect(AUTH_ENDPOINTS.registration.method).toBe('GET');
});
