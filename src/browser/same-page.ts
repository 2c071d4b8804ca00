type Address = Pick<URL, 'pathname' | 'search'>;

/** Whether two addresses (a URL, `location`, a link) show the same page: the same path and query, fragments aside. */
export const samePage = (a: Address, b: Address): boolean => a.pathname === b.pathname && a.search === b.search;
