import { describe, expect, test } from 'vitest';
import { minutesIn } from './sealed-clip-fixtures';
import { SealedHistoryIndex, type HistorySearchOptions, type IndexedClip } from './sealed-history-index';

/** Clip `id`, made `minute` minutes into the day (a greater minute is newer), with its text. */
function indexed(id: string, minute: number, text: string, more: Partial<IndexedClip> = {}): IndexedClip {
  return {
    id,
    createdAt: minutesIn(minute),
    version: 1,
    text,
    fileNames: [],
    hasFiles: false,
    isFavorite: false,
    isReadable: true,
    ...more,
  };
}

const ALL: HistorySearchOptions = { page: 1, pageSize: 50 };

function indexOf(...clips: IndexedClip[]): SealedHistoryIndex {
  const index = new SealedHistoryIndex();
  index.add(...clips);
  return index;
}

const ids = (index: SealedHistoryIndex, query = '', options: Partial<HistorySearchOptions> = {}) =>
  index.search(query, { ...ALL, ...options }).items;

describe('the sealed history index: order', () => {
  test('newest first whatever the order clips are added in; the same time orders by id, greater first', () => {
    const index = indexOf(indexed('b', 2, 'x'), indexed('d', 5, 'x'), indexed('a', 2, 'x'));
    index.add(indexed('c', 3, 'x'), indexed('e', 1, 'x'), indexed('z', 2, 'x'));
    expect(ids(index)).toEqual(['d', 'c', 'z', 'b', 'a', 'e']);
    expect(index.size).toBe(6);
  });

  test('a clip added again replaces the one held, in its place', () => {
    const index = indexOf(indexed('a', 1, 'old'), indexed('b', 2, 'x'));
    index.add(indexed('a', 1, 'new', { version: 2 }));
    expect(ids(index)).toEqual(['b', 'a']);
    expect(index.get('a')?.text).toBe('new');
    expect(ids(index, 'old')).toEqual([]);
  });

  test('an older version never replaces a newer one (a page read before a live edit)', () => {
    const index = indexOf(indexed('a', 1, 'edited', { version: 3 }));
    index.add(indexed('a', 1, 'stale', { version: 2 }));
    expect(index.get('a')?.text).toBe('edited');
    expect(index.update('a', { text: 'staler', version: 1 })).toBe(true);
    expect(index.get('a')?.text).toBe('edited');
  });
});

describe('the sealed history index: search, as the server searches a plain account', () => {
  const index = indexOf(
    indexed('1', 1, 'Invoice for March'),
    indexed('2', 2, 'lunch at noon'),
    indexed('3', 3, 'ÉCOLE de musique'),
    indexed('4', 4, 'two\nlines here'),
    indexed('5', 5, 'see the attachment', { hasFiles: true, fileNames: ['Report-Q3.PDF', 'photo.jpg'] }),
    indexed('6', 6, 'ends with', { hasFiles: true, fileNames: ['notes.txt'] }),
    indexed('7', 7, '50 percent off, a_b'),
    indexed('8', 8, '', { isReadable: false }),
  );

  test.each<[string, string, string[]]>([
    ['a substring of the text, any case', 'VOICE', ['1']],
    ['the words trimmed', '  lunch  ', ['2']],
    ['lowercased beyond ASCII', 'école', ['3']],
    ['a file name', 'report-q3', ['5']],
    ['another file name of the same clip', '.jpg', ['5']],
    ['a term with a line break, in the text', 'two\nlines', ['4']],
    ['a term with a line break, never across the text and a name', 'with\nnotes', []],
    ['a term without one never spans two names', 'pdf\nphoto', []],
    ['LIKE wildcards as themselves', '50%', []],
    ['an underscore as itself', 'a_b', ['7']],
    ['no match', 'zebra', []],
    ['one letter', 'e', ['7', '6', '5', '4', '3', '1']],
  ])('%s: %j', (_case, query, expected) => {
    expect(ids(index, query)).toEqual(expected);
    expect(index.search(query, ALL).total).toBe(expected.length);
  });

  test('no words lists every clip, one that did not open too; a search word never finds that one', () => {
    expect(ids(index)).toEqual(['8', '7', '6', '5', '4', '3', '2', '1']);
    expect(ids(index, '   ')).toHaveLength(8);
    expect(ids(index, 'a')).not.toContain('8');
  });

  test('file names given later are searched from then on', () => {
    const local = indexOf(indexed('s', 1, 'sealed', { hasFiles: true }));
    expect(ids(local, 'holiday')).toEqual([]);
    local.update('s', { fileNames: ['Holiday.png'] });
    expect(ids(local, 'holiday')).toEqual(['s']);
  });
});

describe('the sealed history index: filters and pages', () => {
  const now = Date.parse(minutesIn(0));
  // A minute past `days` whole days old: still `days` whole days.
  const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000 - 60_000).toISOString();
  const index = indexOf(
    { ...indexed('today', 0, 'note'), createdAt: daysAgo(0) },
    { ...indexed('week', 0, 'note', { isFavorite: true }), createdAt: daysAgo(7) },
    { ...indexed('month', 0, 'note', { hasFiles: true }), createdAt: daysAgo(30) },
    { ...indexed('old', 0, 'note', { hasFiles: true, isFavorite: true }), createdAt: daysAgo(31) },
    { ...indexed('draft', 0, ''), createdAt: daysAgo(1) },
  );

  test('a draft (no text, no files) is never listed', () => {
    expect(ids(index, '', { now })).toEqual(['today', 'week', 'month', 'old']);
  });

  test.each<[Partial<HistorySearchOptions>, string[]]>([
    [{ type: 'file' }, ['month', 'old']],
    [{ type: 'text' }, ['today', 'week']],
    [{ favorite: true }, ['week', 'old']],
    [{ favorite: false }, ['today', 'month']],
    [{ dateRange: 'today' }, ['today']],
    [{ dateRange: 'week' }, ['today', 'week']],
    [{ dateRange: 'month' }, ['today', 'week', 'month']],
    [{ type: 'file', favorite: true, dateRange: 'month' }, []],
  ])('%j', (options, expected) => {
    expect(ids(index, 'note', { now, ...options })).toEqual(expected);
  });

  test('pages of the matches, newest first, with the total of all of them', () => {
    const many = new SealedHistoryIndex();
    for (let minute = 0; minute < 45; minute++) many.add(indexed(`c${minute}`, minute, minute % 3 ? 'foo' : 'bar'));
    expect(many.search('foo', { page: 1, pageSize: 10 })).toEqual({
      items: ['c44', 'c43', 'c41', 'c40', 'c38', 'c37', 'c35', 'c34', 'c32', 'c31'],
      total: 30,
    });
    expect(many.search('foo', { page: 3, pageSize: 10 }).items).toEqual([
      'c14',
      'c13',
      'c11',
      'c10',
      'c8',
      'c7',
      'c5',
      'c4',
      'c2',
      'c1',
    ]);
    expect(many.search('foo', { page: 4, pageSize: 10 })).toEqual({ items: [], total: 30 });
  });
});

describe('the sealed history index: changes', () => {
  test('an edit, a favourite and a removal are searched at once; a removed clip is never added back', () => {
    const index = indexOf(indexed('a', 1, 'draft of a letter'), indexed('b', 2, 'shopping list'));
    expect(index.update('a', { text: 'final letter', version: 2 })).toBe(true);
    expect(ids(index, 'draft')).toEqual([]);
    expect(ids(index, 'final')).toEqual(['a']);
    index.update('b', { isFavorite: true });
    expect(ids(index, '', { favorite: true })).toEqual(['b']);
    expect(index.remove('b')).toBe(true);
    expect(ids(index)).toEqual(['a']);
    index.add(indexed('b', 2, 'shopping list'));
    expect(index.has('b')).toBe(false);
    expect(index.remove('b')).toBe(false);
    expect(index.update('nope', { text: 'x' })).toBe(false);
  });

  test('a clip that opens later (a retry) becomes searchable', () => {
    const index = indexOf(indexed('a', 1, '', { isReadable: false }));
    index.update('a', { text: 'opened at last', isReadable: true });
    expect(ids(index, 'last')).toEqual(['a']);
  });

  test('listeners hear each change once, a batch of clips as one', () => {
    const index = new SealedHistoryIndex();
    let heard = 0;
    const stop = index.subscribe(() => (heard += 1));
    index.add(indexed('a', 1, 'x'), indexed('b', 2, 'y'), indexed('c', 3, 'z'));
    index.update('a', { isFavorite: true });
    index.remove('c');
    expect(heard).toBe(3);
    expect(index.version).toBe(3);
    stop();
    index.clear();
    expect(heard).toBe(3);
    expect(index.size).toBe(0);
  });
});
