import type { ApiValue } from '../resources/values.ts';

// `sort=a,-b`: fields compared in turn, `-` for descending. Nulls come last when ascending (Statamic's
// Comparator); the sort is stable, so ties keep storage order.

const collator = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });

const compareValues = (a: ApiValue, b: ApiValue): number => {
  const aMissing = a === null || a === undefined;
  const bMissing = b === null || b === undefined;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const text = (value: ApiValue) => (typeof value === 'object' ? JSON.stringify(value) : String(value));
  return collator.compare(text(a), text(b));
};

export const sortItems = <T>(
  items: readonly T[],
  sort: readonly string[],
  field: (item: T, field: string) => ApiValue,
): T[] => {
  const orders = sort.map((item) => {
    const descending = item.startsWith('-');
    const name = (descending ? item.slice(1) : item).replaceAll('.', '->');
    return { name, direction: descending ? -1 : 1 };
  });
  if (orders.length === 0) return [...items];
  return [...items].sort((a, b) => {
    for (const { name, direction } of orders) {
      const difference = compareValues(field(a, name), field(b, name)) * direction;
      if (difference !== 0) return difference;
    }
    return 0;
  });
};
