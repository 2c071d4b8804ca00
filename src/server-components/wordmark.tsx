import { Link } from '../client-components/link.tsx';

// The wordmark: a stepped gable from the canal-house illustrations beside the site's name set in the
// brand type, linking home. Wide screens get the name on one line; phones the same name on two lines, so
// it stays the name while taking half the width. The drawings are decoration (aria-hidden); the link is
// named by the same name as text, so what a speech user reads is what the link is called.

/** The name split in two lines: at the space nearest the middle, else before a closing `register`. */
export const wordmarkLines = (name: string): [string, string] | [string] => {
  const spaces = [...name.matchAll(/ /g)].map((match) => match.index);
  if (spaces.length) {
    const middle = name.length / 2;
    const split = spaces.reduce((best, index) => (Math.abs(index - middle) < Math.abs(best - middle) ? index : best));
    return [name.slice(0, split), name.slice(split + 1)];
  }
  const compound = /^(.{4,})(register)$/i.exec(name);
  return compound ? [compound[1]!, compound[2]!] : [name];
};

/** Rough advance of the brand type's bold letters per font-size unit; textLength makes it exact. */
const LETTER_WIDTH = 0.58;

const Gable = () => (
  <g className="wordmark__gable">
    <path
      fillRule="evenodd"
      d="M0 32V13h4V9h4V5h3V1h6v4h3v4h4v4h4v19zM12 8h4v4h-4zM6 17h4v5H6zM18 17h4v5h-4z"
    />
    <rect className="wordmark__door" x="11" y="23" width="6" height="9" />
  </g>
);

export const Wordmark = ({ name, href }: { name: string; href: string }) => {
  const lines = wordmarkLines(name);
  const wideLength = Math.round(name.length * 20 * LETTER_WIDTH);
  const stackedLength = Math.round(Math.max(...lines.map((line) => line.length)) * 16 * LETTER_WIDTH);
  return (
    <Link className="wordmark" href={href}>
      <svg className="wordmark__wide" viewBox={`0 0 ${40 + wideLength} 32`} aria-hidden="true" focusable="false">
        <Gable />
        <text x="38" y="24" fontSize="20" textLength={wideLength} lengthAdjust="spacingAndGlyphs">
          {name}
        </text>
      </svg>
      <svg className="wordmark__stacked" viewBox={`0 0 ${36 + stackedLength} 36`} aria-hidden="true" focusable="false">
        <g transform="translate(0 2)">
          <Gable />
        </g>
        {lines.map((line, index) => (
          <text key={line} x="34" y={lines.length === 1 ? 24 : index === 0 ? 15 : 33} fontSize="16" textLength={Math.round(line.length * 16 * LETTER_WIDTH)} lengthAdjust="spacingAndGlyphs">
            {line}
          </text>
        ))}
      </svg>
      <span className="visually-hidden">{name}</span>
    </Link>
  );
};
