/**
 * What the embedded database's worker takes from this package (apps/server/src/database-worker.ts: the tables
 * and the clip writes it runs). The main entry loads every schema and zod with them for a few constants there;
 * these modules use no zod.
 */
export { PLAN_IDS, TRIAL_DAYS, type PlanId } from './plans';
export { USER_ROLES } from './roles';
export { utf8ByteLength } from './text-size';
export { fileOverQuotaSentence } from './file-over-quota';
