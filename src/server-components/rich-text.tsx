import sanitizeHtml from 'sanitize-html';

// CMS rich text (Statamic Bard HTML), reduced to the tags and URLs the site allows.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'b', 'i', 'br', 'blockquote', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'target', 'rel'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export const RichText = ({ html, className }: { html: string | null | undefined; className?: string }) =>
  html ? (
    <div
      className={['rich-text', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html, OPTIONS) }}
    />
  ) : null;
