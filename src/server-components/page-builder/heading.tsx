import { fold } from '../../common/fold.ts';

/** A heading's anchor, so that a link can point to its part of the page: `Het register` → `het-register`. */
const anchorOf = (text: string): string =>
  fold(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** A block's optional heading: blocks sit under the template's one h1, so they start at h2. */
export const BlockHeading = ({ text }: { text: string | null | undefined }) =>
  text ? (
    <h2 className="block__heading" id={anchorOf(text) || undefined}>
      {text}
    </h2>
  ) : null;
