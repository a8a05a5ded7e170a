import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { CLIENT_EVENT_PAYLOADS } from '../events';
import { RawUploadHeaders } from '../schemas/uploads';
import { DesktopUploadFields } from '../schemas/desktop';
import { sampleValue, stringFields, withLoneSurrogate, withNul } from '../testing/schema-walk';
import { API_TABLES } from './endpoints';

/**
 * PostgreSQL's text refuses U+0000, and nothing encodes an unpaired surrogate as UTF-8: either, past a schema,
 * answered 500 (docs/api.md#errors). Every string any input can carry, in the endpoint table, the client events
 * and the upload fields beside them, must refuse both where it is parsed; a new schema that forgets `text()`
 * (schemas/text.ts) fails here.
 */
const inputs: [string, z.ZodType][] = [
  ...Object.entries(API_TABLES).flatMap(([group, endpoints]) =>
    Object.entries(endpoints).flatMap(([name, endpoint]) =>
      (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = endpoint[part];
        return schema ? [[`${group}.${name} ${part}`, schema] as [string, z.ZodType]] : [];
      }),
    ),
  ),
  ...Object.entries(CLIENT_EVENT_PAYLOADS).flatMap(([event, schema]) =>
    schema ? [[`socket ${event}`, schema] as [string, z.ZodType]] : [],
  ),
  ['upload headers', RawUploadHeaders],
  ['desktop upload fields', DesktopUploadFields],
];

const fields = inputs.flatMap(([input, schema]) =>
  stringFields(schema).map(({ path, schema: field }) => [`${input} ${path.join('.') || '(whole)'}`, field] as const),
);

describe('every string an input carries', () => {
  test('the walk finds the inputs’ strings', () => {
    expect(fields.length).toBeGreaterThan(50);
  });

  test.each(fields)('%s refuses a NUL character and an unpaired surrogate', (_where, field) => {
    const sample = sampleValue(field);
    expect(typeof sample, 'no sample value found: add one to LEAF_CANDIDATES (testing/schema-walk.ts)').toBe('string');
    expect(field.safeParse(withNul(sample as string)).success).toBe(false);
    expect(field.safeParse(withLoneSurrogate(sample as string)).success).toBe(false);
  });
});
