/** A block's optional heading: blocks sit under the template's one h1, so they start at h2. */
export const BlockHeading = ({ text }: { text: string | null | undefined }) => (text ? <h2 className="block__heading">{text}</h2> : null);
