import sanitizeHtml from 'sanitize-html';
import { remember } from '../common/remember.ts';

// CMS rich text (Statamic Bard or Markdown HTML), reduced to the markup the site styles and to links
// that cannot run script. Each text is sanitized once, not at every render of the pages that show it.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    'b',
    'i',
    'br',
    'blockquote',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], th: ['scope', 'colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  // Relative hrefs are kept; absolute ones only with these schemes (no javascript:, data:, vbscript:).
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    // The page's template owns the one h1; headings inside the text start at h2 and stop at h4.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // A link that opens a new tab gets no handle on this page (reverse tabnabbing).
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Sanitized texts by their source, up to about 4 MB of characters: the texts of the pages being viewed. */
export const sanitizeRichText = remember((html: string) => sanitizeHtml(html, OPTIONS), {
  per: 'text',
  maxSize: 4_000_000,
  // At least 1: lru-cache refuses a size of 0 (an empty text).
  sizeOf: (clean, source) => clean.length + source.length + 1,
});

const HEADING_TAG = /<(\/?)h([2-4])>/g;

/**
 * The text's headings, ranked from `topLevel` down without gaps: the highest level the editor used
 * becomes `topLevel` (h2 under the page's h1, h3 under a block's own heading), the next one below it
 * the level after, so that the page's outline never skips a level (WCAG 1.3.1). Runs on sanitized
 * HTML, whose heading tags have no attributes.
 */
export const rankHeadings = (html: string, topLevel: 2 | 3): string => {
  const used = [...new Set([...html.matchAll(HEADING_TAG)].map((match) => Number(match[2])))].sort((a, b) => a - b);
  const rank = new Map(used.map((level, index) => [level, Math.min(topLevel + index, 6)]));
  return html.replace(HEADING_TAG, (_tag, slash: string, level: string) => `<${slash}h${rank.get(Number(level))}>`);
};

export const RichText = ({
  html,
  className,
  headingLevel = 2,
}: {
  html: string | null | undefined;
  className?: string;
  headingLevel?: 2 | 3;
}) => {
  if (!html) return null;
  const clean = rankHeadings(sanitizeRichText(html), headingLevel);
  if (clean.trim() === '') return null;
  return (
    <div className={['rich-text', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: clean }} />
  );
};
