// A small valid one-page PDF (A4, the standard Helvetica fonts, nothing embedded) that prints a document's
// title, so a publication's download is a real file.

/** PDF strings use WinAnsi here: characters outside Latin-1 become their nearest ASCII form. */
const toLatin1 = (text: string): string =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/€/g, 'EUR')
    .replace(/[^\u0000-\u00ff]/g, '?');

const pdfString = (text: string): string => `(${toLatin1(text).replace(/[\\()]/g, (character) => `\\${character}`)})`;

const wrap = (text: string, width: number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
};

const documentPdf = (title: string, organisation = 'Bureau Architectenregister'): Buffer => {
  const titleLines = wrap(title, 36);
  const text = [
    'BT',
    '/F2 11 Tf',
    '56 780 Td',
    `${pdfString(organisation)} Tj`,
    '/F1 24 Tf',
    '0 -48 Td',
    ...titleLines.flatMap((line, index) => [...(index > 0 ? ['0 -30 Td'] : []), `${pdfString(line)} Tj`]),
    '/F2 11 Tf',
    '0 -40 Td',
    `${pdfString("Voorbeelddocument bij de voorbeeldinhoud van de website. / Sample document for the website's sample content.")} Tj`,
    'ET',
    '0.12 0.23 0.37 rg',
    '56 60 483 4 re f',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (Architectenregister sample content) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
  ].join('\n');
  body += `${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/** The PDF served for a document asset: its Dutch title printed, or its path when it has none. */
export const assetPdf = (asset: { path: string; title: string | null }): Buffer =>
  documentPdf(asset.title ?? asset.path);

const sizes = new Map<string, number>();
/** The byte length of a document asset's PDF, as the asset's `size` field tells it; made once per path. */
export const assetPdfSize = (asset: { path: string; title: string | null }): number => {
  const known = sizes.get(asset.path);
  if (known !== undefined) return known;
  const size = assetPdf(asset).length;
  sizes.set(asset.path, size);
  return size;
};
