import { vi } from 'vitest';
import type { desktopApi as realDesktopApi } from '../api/desktop-api';

/**
 * A stand-in for api/desktop-api in page tests: `vi.mock('…/api/desktop-api', () =>
 * import('…/test/desktop-api-mock'))`, then `vi.mocked(desktopApi.get).mockResolvedValue(…)`.
 */
export const desktopApi = {
  get: vi.fn(),
  getShared: vi.fn(),
  addText: vi.fn(),
  uploadFile: vi.fn(),
  saveLayout: vi.fn(),
  removeItem: vi.fn(),
  share: vi.fn(),
  unshare: vi.fn(),
} satisfies Record<keyof typeof realDesktopApi, unknown>;
