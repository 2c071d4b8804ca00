/** A block's optional heading; blocks sit under the page's h1. */
export const BlockHeading = ({ text }: { text: string | null | undefined }) => (text ? <h2 className="block__heading">{text}</h2> : null);
