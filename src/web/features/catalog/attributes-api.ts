import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Attribute, AttributeValue } from '../../../contract/taxonomy.ts';
import { call, type Call } from '../../lib/api-client.ts';

// The attributes' labels and units, as the product page names a part's values by them.

export const attributesKey = ['attributes'] as const;

/** `via`: a loader's own calls (lib/page-context.ts); the browser's by default. */
export const attributesQuery = (via: Call = call) =>
  queryOptions({
    queryKey: attributesKey,
    queryFn: ({ signal }) => via('GET /api/attributes', { signal }),
    // Attributes change when an admin files the catalogue anew, rarely within a visit.
    staleTime: 5 * 60_000,
  });

export const useAttributes = () => useQuery(attributesQuery());

/** Attributes by key; a key the list does not have yet is named by itself. */
export type AttributeBook = ReadonlyMap<string, Attribute>;

export const attributeBook = (attributes: readonly Attribute[] | undefined): AttributeBook =>
  new Map((attributes ?? []).map((attribute) => [attribute.key, attribute]));

export const attributeLabel = (book: AttributeBook, key: string) => book.get(key)?.label ?? key;

/** "64 mm", "Yes", "Shimano HG": one value as a person reads it. */
export function valueText(book: AttributeBook, key: string, value: AttributeValue) {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const unit = book.get(key)?.unit;
  return unit ? `${value} ${unit}` : String(value);
}

/**
 * The values an axis takes, in the attribute's own order: an enum's as the admin listed them,
 * numbers from small to large.
 */
export function axisOrder(book: AttributeBook, key: string, values: readonly AttributeValue[]) {
  const listed = book.get(key)?.values ?? [];
  const rank = (value: AttributeValue) => {
    const at = listed.indexOf(String(value));
    return at === -1 ? listed.length : at;
  };
  const unique = [...new Map(values.map((value) => [String(value), value])).values()];
  return unique.sort((a, b) => {
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return rank(a) - rank(b) || String(a).localeCompare(String(b), 'en', { numeric: true });
  });
}
