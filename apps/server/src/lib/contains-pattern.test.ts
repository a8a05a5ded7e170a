import { expect, test } from 'vitest';
import { toContainsPattern } from './contains-pattern';

test('escapes LIKE wildcards so they match literally', () => {
  expect(toContainsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
});
