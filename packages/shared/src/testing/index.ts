/**
 * For tests only (`@clipsync/shared/testing`): walks a schema's string fields and makes a value it accepts,
 * for the tests that send something to every endpoint of the table.
 */
export * from './schema-walk';
