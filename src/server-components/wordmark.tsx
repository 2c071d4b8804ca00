import { Fragment } from 'react';
import { Link } from '../client-components/link.tsx';

// The wordmark: a stepped gable drawn from the canal-house illustrations (inline SVG, decoration) beside
// the site's name set in the brand type, linking home. The name is HTML text, not SVG text: it is the
// link's accessible name as it is seen, it follows the reader's text size, and contrast checkers can
// measure it (they give up on text inside an SVG). Phones set it on two lines: still the name, at half
// the width.

/**
 * The name in the parts it may break between: at its spaces, and before a closing `register`
 * ("Architecten|register"). Each part is an element of its own that never wraps, so every line of the
 * wordmark is one box (contrast checkers measure a box per line).
 */
const NameParts = ({ name }: { name: string }) => {
  const compound = /^(\S{4,})(register)$/i.exec(name);
  const parts = compound ? [compound[1]!, compound[2]!] : name.split(' ');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? compound ? <wbr /> : ' ' : null}
      <span className="wordmark__part">{part}</span>
    </Fragment>
  ));
};

export const Wordmark = ({ name, href }: { name: string; href: string }) => (
  <Link className="wordmark" href={href}>
    <svg className="wordmark__gable" viewBox="0 0 28 32" aria-hidden="true" focusable="false">
      <path fillRule="evenodd" d="M0 32V13h4V9h4V5h3V1h6v4h3v4h4v4h4v19zM12 8h4v4h-4zM6 17h4v5H6zM18 17h4v5h-4z" />
      <rect className="wordmark__door" x="11" y="23" width="6" height="9" />
    </svg>
    <span className="wordmark__name">
      <NameParts name={name} />
    </span>
  </Link>
);
