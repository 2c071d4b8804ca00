// Readers for set fields as a real CMS may send them: a Grid that is null instead of empty, a select
// field as Statamic's `{value, label, key}`, a number typed as text. A malformed field then means an
// empty part of one block, never a failed page.

/** The rows of a Grid or list field; anything that is not an array counts as none. */
export const rowsOf = <T>(value: readonly T[] | null | undefined): T[] =>
  Array.isArray(value) ? value.filter((row): row is T => typeof row === 'object' && row !== null) : [];

/** A select, radio or button-group value: the plain string, or the `value` of a labelled one. */
export const optionValue = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'value' in value && typeof value.value === 'string')
    return value.value;
  return null;
};

/** A number field, also when it arrives as text; null when it is not a finite number. */
export const numberValue = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

/** A React key for a row: its id when Statamic gave one (null for old content), else its position. */
export const rowKey = (row: { id?: string | null }, index: number): string => row.id || `row-${index}`;
