/** `value` if it is one of `values` (typed as they are), else undefined: a URL's or a widget's string read safely. */
export const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);
