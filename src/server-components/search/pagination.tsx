import { Link } from '../../client-components/link.tsx';
import type { I18n } from '../../i18n/i18n.ts';

// Page links of a result list: previous, next, the first, the last and the pages around the current one.

const NEIGHBOURS = 2;

const shownPages = (page: number, pages: number): Array<number | 'gap'> => {
  const shown: Array<number | 'gap'> = [];
  for (let candidate = 1; candidate <= pages; candidate += 1) {
    if (candidate === 1 || candidate === pages || Math.abs(candidate - page) <= NEIGHBOURS) shown.push(candidate);
    else if (shown.at(-1) !== 'gap') shown.push('gap');
  }
  return shown;
};

export const Pagination = ({
  page,
  pages,
  href,
  i18n,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  i18n: I18n;
}) => {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={i18n._('pagination')}>
      <ul>
        {page > 1 ? (
          <li>
            <Link href={href(page - 1)} rel="prev">
              {i18n._('pagination_previous')}
            </Link>
          </li>
        ) : null}
        {shownPages(page, pages).map((candidate, index) =>
          candidate === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={candidate}>
              <Link
                href={href(candidate)}
                aria-current={candidate === page ? 'page' : undefined}
                aria-label={i18n._('pagination_page', { page: candidate })}
              >
                {candidate}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link href={href(page + 1)} rel="next">
              {i18n._('pagination_next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
};

/** The URL of `path` with `params`, empty values left out, `page` only from 2 on. */
export const searchHref = (path: string, params: Record<string, string | number | null | undefined>): string => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '' || (name === 'page' && value === 1)) continue;
    query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
};
