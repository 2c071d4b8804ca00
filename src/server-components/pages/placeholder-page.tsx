// Placeholder for routes whose content the content and search work provide.
export const PlaceholderPage = ({ title, detail }: { title: string; detail?: string }) => (
  <article>
    <title>{`${title} | Architectenregister`}</title>
    <h1>{title}</h1>
    {detail ? <p>{detail}</p> : null}
  </article>
);
