import { oneOf } from './one-of';

/** A list's filters and page, and how they read from and write to a URL query. */
export interface ListParams<Filters> {
  filters: Filters;
  page: number;
}
export interface ListParamsCodec<Filters extends { search: string }> {
  read(params: URLSearchParams): ListParams<Filters>;
  write(state: ListParams<Filters>): URLSearchParams;
}

/** How one filter is spelt in the URL: its key, and its value read (undefined when unknown) and written. */
export interface ListParam<Value> {
  key: string;
  read(raw: string): Value | undefined;
  write(value: Value): string;
}

export const textParam = (key: string): ListParam<string> => ({ key, read: (raw) => raw, write: (value) => value });

export const choiceParam = <T extends string>(key: string, values: readonly T[]): ListParam<T> => ({
  key,
  read: (raw) => oneOf(values, raw),
  write: (value) => value,
});

export const booleanParam = (key: string): ListParam<boolean> => ({
  key,
  read: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
  write: String,
});

/**
 * The one way list pages keep their filters and page in the URL query, so a reload, Back or a shared link
 * shows the same list: defaults (and page 1) stay out of the URL, an unknown value reads as the default, and
 * the keys are written in the order `params` lists them, then `page`. A filter with no param (the reports
 * queue's `search`) always reads as its default.
 */
export function listParamsCodec<Filters extends { search: string }>(
  defaults: Filters,
  params: { [Key in keyof Filters]?: ListParam<Filters[Key]> },
): ListParamsCodec<Filters> {
  const entries = Object.entries(params) as [keyof Filters, ListParam<Filters[keyof Filters]>][];
  return {
    read(query) {
      const filters = { ...defaults };
      for (const [name, param] of entries) {
        const raw = query.get(param.key);
        const value = raw === null ? undefined : param.read(raw);
        if (value !== undefined) filters[name] = value;
      }
      const page = Number(query.get('page'));
      return { filters, page: Number.isInteger(page) && page > 1 ? page : 1 };
    },
    write({ filters, page }) {
      const query = new URLSearchParams();
      for (const [name, param] of entries) {
        if (filters[name] !== defaults[name]) query.set(param.key, param.write(filters[name]));
      }
      if (page > 1) query.set('page', String(page));
      return query;
    },
  };
}
