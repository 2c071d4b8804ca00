// Deterministic SVG illustrations in place of photographs: Dutch street scenes (canal houses with gables,
// a skyline, water) for landscape images and abstract portraits for the team. The asset path seeds a small
// PRNG, so the same path always gives the same picture.

export interface Dimensions {
  width: number;
  height: number;
}

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  facades: readonly string[];
  window: string;
  water: string;
}

const PALETTES: readonly Palette[] = [
  {
    skyTop: '#a9c6dc',
    skyBottom: '#e8f0f5',
    sun: '#f2c14e',
    far: '#9aa9b6',
    facades: ['#b5523b', '#8c3b2a', '#d9a441', '#e8e2d6', '#1f3a5f'],
    window: '#f4efe6',
    water: '#1f3a5f',
  },
  {
    skyTop: '#f2c7a5',
    skyBottom: '#fbe8d8',
    sun: '#e07a4f',
    far: '#c59a8a',
    facades: ['#2e3a4f', '#6b4e71', '#b5523b', '#f4efe6', '#4f7c6b'],
    window: '#f6d98b',
    water: '#2e3a4f',
  },
  {
    skyTop: '#c9d6cf',
    skyBottom: '#eef2ee',
    sun: '#f4efe6',
    far: '#a3b1a8',
    facades: ['#4f7c6b', '#9aa5ad', '#5c6770', '#d9a441', '#e8e2d6'],
    window: '#ffffff',
    water: '#3b5a52',
  },
  {
    skyTop: '#8fa8c8',
    skyBottom: '#dfe6f0',
    sun: '#ffffff',
    far: '#7f8fa6',
    facades: ['#1d1d1b', '#b5523b', '#e8e2d6', '#6f7d8c', '#c98b5a'],
    window: '#f2c14e',
    water: '#2b3f5c',
  },
];

/** FNV-1a: a stable 32-bit seed from a string. */
const seedOf = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

/** mulberry32: a small seeded PRNG giving floats in [0, 1). */
const prng = (seed: number): (() => number) => {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (character) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[character]};`,
  );

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const round = (value: number): number => Math.round(value * 10) / 10;

/** The natural size of an illustration: portraits for the team, Open Graph size for og images, else 3:2. */
const naturalSize = (path: string): Dimensions => {
  if (path.includes('/team/')) return { width: 800, height: 1000 };
  if (path.includes('/og/')) return { width: 1200, height: 630 };
  return { width: 1200, height: 800 };
};

/** Gables of Dutch canal houses: flat, spout, bell or stepped, as a polygon over the facade. */
const gable = (random: () => number, x: number, top: number, width: number): string => {
  const kind = Math.floor(random() * 4);
  const peak = top - width * (0.35 + random() * 0.25);
  const points: [number, number][] = [];
  if (kind === 0) {
    points.push([x, top], [x + width / 2, peak], [x + width, top]);
  } else if (kind === 1) {
    const neck = width * 0.3;
    points.push([x, top], [x + neck, top - (top - peak) * 0.45], [x + neck, peak], [x + width - neck, peak]);
    points.push([x + width - neck, top - (top - peak) * 0.45], [x + width, top]);
  } else if (kind === 2) {
    const step = width / 6;
    const rise = (top - peak) / 3;
    points.push(
      [x, top],
      [x, top - rise],
      [x + step, top - rise],
      [x + step, top - 2 * rise],
      [x + 2 * step, top - 2 * rise],
    );
    points.push(
      [x + 2 * step, peak],
      [x + 4 * step, peak],
      [x + 4 * step, top - 2 * rise],
      [x + 5 * step, top - 2 * rise],
    );
    points.push([x + 5 * step, top - rise], [x + width, top - rise], [x + width, top]);
  } else {
    points.push([x, top], [x + width, top], [x + width, top - 8], [x, top - 8]);
  }
  return points.map(([px, py]) => `${round(px)},${round(py)}`).join(' ');
};

const streetScene = (random: () => number, palette: Palette, { width, height }: Dimensions): string[] => {
  const horizon = height * (0.62 + random() * 0.08);
  const parts: string[] = [];
  parts.push(`<rect width="${width}" height="${height}" fill="url(#sky)"/>`);
  parts.push(
    `<circle cx="${round(width * (0.15 + random() * 0.7))}" cy="${round(height * (0.12 + random() * 0.15))}" r="${round(height * 0.07)}" fill="${palette.sun}"/>`,
  );
  // A far skyline of towers and slabs.
  for (let x = 0; x < width;) {
    const towerWidth = width * (0.04 + random() * 0.06);
    const towerHeight = height * (0.12 + random() * 0.3);
    parts.push(
      `<rect x="${round(x)}" y="${round(horizon - towerHeight)}" width="${round(towerWidth)}" height="${round(towerHeight)}" fill="${palette.far}" opacity="0.7"/>`,
    );
    x += towerWidth + width * random() * 0.02;
  }
  // A row of canal houses with gables and window grids.
  for (let x = -width * 0.02; x < width;) {
    const houseWidth = width * (0.09 + random() * 0.07);
    const houseHeight = height * (0.3 + random() * 0.22);
    const top = horizon - houseHeight;
    const colour = pick(random, palette.facades);
    parts.push(
      `<rect x="${round(x)}" y="${round(top)}" width="${round(houseWidth)}" height="${round(houseHeight)}" fill="${colour}"/>`,
    );
    parts.push(`<polygon points="${gable(random, x, top, houseWidth)}" fill="${colour}"/>`);
    const columns = houseWidth > width * 0.12 ? 3 : 2;
    const rows = Math.max(2, Math.floor(houseHeight / (height * 0.09)));
    const cellWidth = houseWidth / columns;
    const cellHeight = (houseHeight - height * 0.05) / rows;
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        parts.push(
          `<rect x="${round(x + column * cellWidth + cellWidth * 0.25)}" y="${round(top + height * 0.03 + row * cellHeight)}" width="${round(cellWidth * 0.5)}" height="${round(cellHeight * 0.6)}" fill="${palette.window}" opacity="0.85"/>`,
        );
      }
    }
    x += houseWidth;
  }
  // The quay and the canal, with a few reflections.
  parts.push(`<rect x="0" y="${round(horizon)}" width="${width}" height="${round(height * 0.03)}" fill="#3d3d3d"/>`);
  parts.push(
    `<rect x="0" y="${round(horizon + height * 0.03)}" width="${width}" height="${round(height - horizon)}" fill="${palette.water}"/>`,
  );
  for (let line = 0; line < 9; line += 1) {
    const y = horizon + height * 0.06 + random() * (height - horizon - height * 0.08);
    const x = random() * width * 0.85;
    parts.push(
      `<rect x="${round(x)}" y="${round(y)}" width="${round(width * (0.05 + random() * 0.12))}" height="3" fill="${palette.window}" opacity="0.35"/>`,
    );
  }
  return parts;
};

const portrait = (random: () => number, palette: Palette, { width, height }: Dimensions): string[] => {
  const skin = pick(random, ['#f1c9a5', '#d9a47c', '#a8704c', '#7a4b2f', '#e8b894']);
  const clothing = pick(random, palette.facades);
  const hair = pick(random, ['#2b1d14', '#6b4423', '#c79a55', '#1d1d1b', '#8c8c8c']);
  const centre = width / 2;
  const headRadius = width * 0.17;
  const headY = height * 0.4;
  return [
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<rect x="${round(width * 0.08)}" y="${round(height * 0.1)}" width="${round(width * 0.25)}" height="${round(height * 0.55)}" fill="${palette.far}" opacity="0.35"/>`,
    `<path d="M ${round(centre - width * 0.38)} ${height} C ${round(centre - width * 0.36)} ${round(height * 0.52)}, ${round(centre + width * 0.36)} ${round(height * 0.52)}, ${round(centre + width * 0.38)} ${height} Z" fill="${clothing}"/>`,
    `<rect x="${round(centre - headRadius * 0.35)}" y="${round(headY + headRadius * 0.7)}" width="${round(headRadius * 0.7)}" height="${round(height * 0.14)}" fill="${skin}"/>`,
    `<circle cx="${centre}" cy="${round(headY)}" r="${round(headRadius)}" fill="${skin}"/>`,
    `<path d="M ${round(centre - headRadius)} ${round(headY)} A ${round(headRadius)} ${round(headRadius)} 0 0 1 ${round(centre + headRadius)} ${round(headY)} Q ${round(centre)} ${round(headY - headRadius * 0.5)} ${round(centre - headRadius)} ${round(headY)} Z" fill="${hair}"/>`,
  ];
};

/**
 * The SVG for an image asset. `size` is the rendered size (Glide's `w`/`h`); the drawing keeps its
 * natural proportions and is cropped to fill a different aspect ratio, like Glide's `fit=crop`.
 */
export const illustrationSvg = (path: string, title: string | null, size?: Partial<Dimensions>): string => {
  const natural = naturalSize(path);
  const random = prng(seedOf(path));
  const palette = pick(random, PALETTES);
  const body = path.includes('/team/') ? portrait(random, palette, natural) : streetScene(random, palette, natural);
  const width =
    size?.width ?? (size?.height ? Math.round((size.height * natural.width) / natural.height) : natural.width);
  const height = size?.height ?? Math.round((width * natural.height) / natural.width);
  const label = escapeXml(title ?? path);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${natural.width} ${natural.height}" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/></linearGradient></defs>`,
    ...body,
    '</svg>',
  ].join('\n');
};
