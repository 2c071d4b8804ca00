import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

// `npm run icons`: the home-screen icons and the web manifests (one per language) in public/, drawn once from the
// wordmark's gable (src/server-components/wordmark.tsx) in the design tokens' colours, and committed. Run
// it again after changing the mark or the colours.

const ROOT = path.resolve(import.meta.dirname, '..');
const PUBLIC = path.join(ROOT, 'public');

const tokens = readFileSync(path.join(ROOT, 'src/styles/tokens.css'), 'utf8');
const token = (name: string): string => {
  const value = new RegExp(`--ar-color-${name}:\\s*(#[\\da-f]{3,8});`, 'i').exec(tokens)?.[1];
  if (!value) throw new Error(`tokens.css has no colour --ar-color-${name}`);
  return value;
};
const primary = token('primary');
const paper = token('paper');
const accent = token('accent');

/** The gable on the primary colour, filling `share` of the square's height (maskable icons keep it in the safe zone). */
const iconSvg = (share: number): string => {
  const scale = (32 * share) / 32;
  const offsetX = (32 - 28 * scale) / 2;
  const offsetY = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${primary}"/>
  <g transform="translate(${offsetX} ${offsetY}) scale(${scale})">
    <path fill="${paper}" fill-rule="evenodd" d="M0 32V13h4V9h4V5h3V1h6v4h3v4h4v4h4v19zM12 8h4v4h-4zM6 17h4v5H6zM18 17h4v5h-4z"/>
    <rect fill="${accent}" x="11" y="23" width="6" height="9"/>
  </g>
</svg>`;
};

const ICONS = [
  { file: 'icon-192.png', size: 192, share: 0.62, purpose: 'any' },
  { file: 'icon-512.png', size: 512, share: 0.62, purpose: 'any' },
  // Launchers crop a maskable icon to a shape inside the central 80 %: the mark stays well within it.
  { file: 'icon-maskable-512.png', size: 512, share: 0.5, purpose: 'maskable' },
  { file: 'apple-touch-icon.png', size: 180, share: 0.6, purpose: null },
] as const;

for (const icon of ICONS) {
  const png = new Resvg(iconSvg(icon.share), { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
  writeFileSync(path.join(PUBLIC, 'icons', icon.file), png);
}

/** A manifest per language: an installed site opens on the home page of the language it was installed in. */
const MANIFESTS = [
  {
    file: 'manifest.webmanifest',
    lang: 'nl',
    start_url: '/',
    description:
      'Het register van architecten, stedenbouwkundigen, tuin- en landschapsarchitecten en interieurarchitecten.',
  },
  {
    file: 'en/manifest.webmanifest',
    lang: 'en',
    start_url: '/en',
    description:
      'The register of architects, urban designers, garden and landscape architects and interior architects.',
  },
] as const;

for (const { file, lang, start_url, description } of MANIFESTS) {
  const manifest = {
    name: 'Architectenregister',
    short_name: 'Architectenregister',
    description,
    lang,
    start_url,
    scope: '/',
    display: 'standalone',
    theme_color: primary,
    background_color: paper,
    icons: ICONS.flatMap(({ file, size, purpose }) =>
      purpose ? [{ src: `/icons/${file}`, sizes: `${size}x${size}`, type: 'image/png', purpose }] : [],
    ),
  };
  writeFileSync(path.join(PUBLIC, file), `${JSON.stringify(manifest, null, 2)}\n`);
}
