/**
 * Work derived from CMS lists (the search index, the sitemap), done again only when one of the lists
 * is another array: the CMS client hands out the same array while its pages are cached.
 */
export const derivedFrom = <Sources extends readonly unknown[], T>(derive: (sources: Sources) => T) => {
  let last: { sources: Sources; value: T } | null = null;
  return (sources: Sources): T => {
    if (
      last &&
      last.sources.length === sources.length &&
      last.sources.every((source, index) => source === sources[index])
    )
      return last.value;
    last = { sources, value: derive(sources) };
    return last.value;
  };
};
