import { z } from 'zod';

/**
 * What tests that walk the endpoint table need of a zod schema: where its strings sit, and one value it
 * accepts (a request to start from). Schemas are read through zod's own classes, so a wrapper this does not
 * know is simply not walked into (`z.json()`, a lazy schema, holds no field of its own).
 */

export type FieldPath = readonly (string | number)[];

export interface StringField {
  path: FieldPath;
  schema: z.ZodType;
}

/** The schema a wrapper (optional, nullable, default, …) stands for, or undefined when it is none. */
function innerOf(schema: z.ZodType): z.ZodType | undefined {
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodNonOptional ||
    schema instanceof z.ZodReadonly ||
    schema instanceof z.ZodCatch
  ) {
    return schema.def.innerType as z.ZodType;
  }
  // A pipe receives what its first stage takes (a transform's input, a coerced number's string).
  if (schema instanceof z.ZodPipe) return schema.def.in as z.ZodType;
  return undefined;
}

const isStringLeaf = (schema: z.ZodType) => schema.def.type === 'string';

/**
 * Every string a value of `schema` may carry, by its path (an array's element is at index 0), each with the
 * whole schema of its field: a string that a later stage refuses (a pipe, a refinement) is refused there.
 */
export function stringFields(schema: z.ZodType, path: FieldPath = [], field: z.ZodType = schema): StringField[] {
  if (isStringLeaf(schema)) return [{ path, schema: field }];
  const inner = innerOf(schema);
  if (inner) return stringFields(inner, path, field);
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return Object.entries(shape).flatMap(([key, child]) => stringFields(child, [...path, key]));
  }
  if (schema instanceof z.ZodArray) return stringFields(schema.element as z.ZodType, [...path, 0]);
  if (schema instanceof z.ZodUnion) {
    return (schema.options as z.ZodType[]).flatMap((option) => stringFields(option, path));
  }
  if (schema instanceof z.ZodIntersection) {
    return [...stringFields(schema.def.left as z.ZodType, path), ...stringFields(schema.def.right as z.ZodType, path)];
  }
  if (schema instanceof z.ZodRecord) {
    const keys = stringFields(schema.keyType as z.ZodType, [...path, '(key)']);
    return [...keys, ...stringFields(schema.valueType as z.ZodType, [...path, SAMPLE_KEY])];
  }
  return [];
}

const SAMPLE_KEY = 'key';

/** Values tried, in turn, for a leaf: the first its schema accepts is its sample. */
const LEAF_CANDIDATES: readonly unknown[] = [
  'hello',
  'A'.repeat(22),
  'A'.repeat(43),
  // A sealed clip's key wrapped by its account's (schemas/clips.ts's WrappedClipKey: 61 bytes, base64url).
  'A'.repeat(82),
  // A push subscription's P-256 public key, base64url (schemas/web-push.ts).
  'A'.repeat(87),
  'user@example.com',
  'https://example.com/a',
  '2026-01-01T00:00:00.000Z',
  // A moment that must be ahead (an admin's plan grant ends in the future): tomorrow, whenever this runs.
  new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
  '2026-01-01',
  'ABCD-EFGH',
  'application/octet-stream',
  // A desktop file's link as this server makes it (schemas/desktop.ts's DesktopFileUrl).
  `/api/virtual-desktop/files/${'A'.repeat(22)}/a.txt?access=A.A`,
  'a',
  // An e-mail domain (schemas/admin-overview.ts's EmailDomain).
  'example.com',
  1,
  0,
  true,
];

/**
 * One value `schema` accepts, or undefined when none was found. An object's sample has all its fields when
 * it may, else its required ones and as few optional ones as it takes (a body may ask for one of two);
 * `including` names a field it must have (the one a test is about).
 */
export function sampleValue(schema: z.ZodType, including?: string | number): unknown {
  const inner = innerOf(schema);
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const fields = Object.entries(shape).flatMap(([key, field]) => {
      const value = sampleValue(field);
      return value === undefined ? [] : [{ key, value, isOptional: field.safeParse(undefined).success }];
    });
    const required = fields.filter((field) => !field.isOptional);
    const optional = fields.filter((field) => field.isOptional);
    const candidates = [fields, required, ...optional.map((field) => [...required, field])]
      .filter((candidate) => including === undefined || candidate.some((field) => field.key === including))
      .map((candidate) => Object.fromEntries(candidate.map((field) => [field.key, field.value])));
    return candidates.find((candidate) => schema.safeParse(candidate).success);
  }
  if (schema instanceof z.ZodNumber) {
    const lowest = Number.isFinite(schema.minValue) ? (schema.minValue as number) : 0;
    return schema.safeParse(lowest).success ? lowest : undefined;
  }
  if (schema instanceof z.ZodArray) {
    const element = sampleValue(schema.element as z.ZodType);
    return [[element], []].find((value) => schema.safeParse(value).success);
  }
  if (schema instanceof z.ZodUnion) {
    return (schema.options as z.ZodType[]).map(sampleValue).find((value) => value !== undefined);
  }
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodLiteral) return schema.values.values().next().value;
  if (schema instanceof z.ZodRecord) {
    const value = { [SAMPLE_KEY]: sampleValue(schema.valueType as z.ZodType) };
    return schema.safeParse(value).success ? value : {};
  }
  const leaf = LEAF_CANDIDATES.find((candidate) => schema.safeParse(candidate).success);
  if (leaf !== undefined || !inner) return leaf;
  const fromInner = sampleValue(inner);
  return schema.safeParse(fromInner).success ? fromInner : undefined;
}

/** `text` with its middle character replaced by `character`: as long as it was, so only that can be refused. */
function withMiddle(text: string, character: string): string {
  if (text.length === 0) return character;
  const middle = Math.floor(text.length / 2);
  return `${text.slice(0, middle)}${character}${text.slice(middle + 1)}`;
}

/** `text` with its middle character replaced by U+0000. */
export const withNul = (text: string): string => withMiddle(text, '\0');

/** `text` with its middle character replaced by a high surrogate without its low half (`x\uD800y`). */
export const withLoneSurrogate = (text: string): string => withMiddle(text, '\uD800');

/** A copy of `value` with `leaf` at `path`, objects and arrays made where missing. */
export function withValueAt(value: unknown, path: FieldPath, leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = withValueAt(list[head], rest, leaf);
    return list;
  }
  const record = value !== null && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {};
  record[head] = withValueAt(record[head], rest, leaf);
  return record;
}
