import { getTableColumns } from 'drizzle-orm';
import { clips, type clipFiles } from '../../db/schema';

const { searchText: _searchText, ...clipRowColumns } = getTableColumns(clips);

/**
 * A clip's columns but its search text (a lowercased copy of the text that only search reads): every read and
 * `returning` of a clip names these, so the text is carried once. A file of its own, with nothing but the
 * schema: the embedded database's worker loads it with the clip writes it runs (db/write-queue.ts).
 */
export const clipColumns = clipRowColumns;
export type ClipRow = Omit<typeof clips.$inferSelect, 'searchText'>;
export type ClipFileRow = typeof clipFiles.$inferSelect;
