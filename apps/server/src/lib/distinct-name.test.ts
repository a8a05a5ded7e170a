import { describe, expect, test } from 'vitest';
import { distinctName } from './distinct-name';

describe('distinctName', () => {
  test('a free name is kept (trimmed); a taken one, read as names compare (any case or width), is numbered', () => {
    expect(distinctName('  Laptop ', ['Phone'], 64)).toBe('Laptop');
    expect(distinctName('Chromium on Linux', ['chromium on linux'], 64)).toBe('Chromium on Linux 2');
    expect(distinctName('Chromium on Linux', ['Chromium on Linux', 'CHROMIUM ON LINUX 2'], 64)).toBe(
      'Chromium on Linux 3',
    );
    expect(distinctName('Ｐｈｏｎｅ', ['phone'], 64)).toBe('Ｐｈｏｎｅ 2');
  });

  test('the number always fits: the base is cut to make room for it', () => {
    const long = 'x'.repeat(64);
    const numbered = distinctName(long, [long], 64);
    expect(numbered).toBe(`${'x'.repeat(62)} 2`);
    expect(numbered).toHaveLength(64);
  });
});
