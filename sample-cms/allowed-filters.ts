// Which `filter[...]` names each resource accepts (Statamic's `allowed_filters`). Like a locked-down
// Statamic, `status` and `published` are not allowed, so drafts cannot be probed through filters; any
// other filter answers 422. `*` applies to every collection or taxonomy.

export interface AllowedFilters {
  collections: Readonly<Record<string, readonly string[]>>;
  taxonomies: Readonly<Record<string, readonly string[]>>;
}

export const DEFAULT_ALLOWED_FILTERS: AllowedFilters = {
  collections: {
    '*': ['site', 'slug', 'id', 'origin_id', 'title'],
    pages: ['parent', 'uri'],
    actualities: ['date', 'actuality_type', 'disciplines', 'taxonomy:actuality_types', 'taxonomy:disciplines'],
    events: ['date', 'event_type', 'location', 'taxonomy:event_types'],
    courses: ['course_type', 'disciplines', 'taxonomy:course_types', 'taxonomy:disciplines'],
    vacancies: [],
    publications: ['publication_type', 'taxonomy:publication_types'],
    employees: ['function'],
  },
  taxonomies: {
    '*': ['site', 'slug', 'title'],
  },
};

export const allowedFilterNames = (config: Readonly<Record<string, readonly string[]>>, handle: string): Set<string> =>
  new Set([...(config['*'] ?? []), ...(config[handle] ?? [])]);
