import { describe, expect, test, vi } from 'vitest';
import { failedModuleUrl, isChunkLoadError, retryingLoad } from './chunk-load';

const chromiumFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/RoomsPage-Ab12.js');

describe('isChunkLoadError', () => {
  test.each([
    ['Chromium', chromiumFailure()],
    ['Firefox', new TypeError('error loading dynamically imported module: http://x/assets/a.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Vite', new Error('Unable to preload CSS for /assets/RoomsPage-Ab12.css')],
  ])('knows the words of %s', (_browser, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  test('a page that fails otherwise is no load failure', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

test('failedModuleUrl reads the address the browser names, and null when it names none', () => {
  expect(failedModuleUrl(chromiumFailure())).toBe('http://localhost:3000/assets/RoomsPage-Ab12.js');
  expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
});

describe('retryingLoad', () => {
  test('loads on a later try when the code comes back', async () => {
    const load = vi.fn().mockRejectedValueOnce(chromiumFailure()).mockResolvedValueOnce('the page');
    await expect(retryingLoad(load, [0, 0])()).resolves.toBe('the page');
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('gives up with the last failure after every delay', async () => {
    const load = vi.fn().mockRejectedValue(chromiumFailure());
    await expect(retryingLoad(load, [0, 0])()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(load).toHaveBeenCalledTimes(3);
  });

  test('does not retry a failure that is not a load failure', async () => {
    const load = vi.fn().mockRejectedValue(new Error('a bug'));
    await expect(retryingLoad(load, [0, 0])()).rejects.toThrow('a bug');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
