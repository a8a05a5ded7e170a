import { describe, expect, test } from 'vitest';
import { COMMON_OPTIONS, parseCommandArgs } from './command';

const options = { ...COMMON_OPTIONS, text: { type: 'string', short: 't' }, views: { type: 'string' } } as const;
const parse = (args: string[]) => parseCommandArgs({ args, options, allowPositionals: true }, { max: 3 });

describe('parseCommandArgs', () => {
  test('a clip id starting with "-" (one in 64) is an argument, not an unknown option, in its place', () => {
    const dashed = '-S1bcdefghijklmnopqrst';
    expect(parse(['first', dashed, '--views', '3', 'last']).positionals).toEqual(['first', dashed, 'last']);
    expect(parse([dashed, '--json']).values.json).toBe(true);
  });

  test('an option’s value is not taken for an argument', () => {
    const dashed = '-S1bcdefghijklmnopqrst';
    expect(parse([`--text=${dashed}`, 'id'])).toMatchObject({ values: { text: dashed }, positionals: ['id'] });
    expect(parse(['--views', '3', dashed])).toMatchObject({ values: { views: '3' }, positionals: [dashed] });
    expect(parse(['--text', dashed, 'id'])).toMatchObject({ values: { text: dashed }, positionals: ['id'] });
    expect(parse(['first', '--text', dashed, dashed])).toMatchObject({
      values: { text: dashed },
      positionals: ['first', dashed],
    });
    expect(parse(['-t', dashed])).toMatchObject({ values: { text: dashed }, positionals: [] });
  });

  test('an unknown short option is still refused', () => {
    expect(() => parse(['-x'])).toThrow("Unknown option '-x'");
  });
});
