// Two small Lottie (Bodymovin 5.x) animations, written by hand: buildings rising on a street (served as a
// file and linked from a page) and a title check mark (embedded inline in another page).

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const FRAME_RATE = 30;

/** A colour as Lottie wants it: RGBA floats from 0 to 1. */
const rgba = (hex: string): number[] => {
  const channel = (start: number) => Math.round((Number.parseInt(hex.slice(start, start + 2), 16) / 255) * 1000) / 1000;
  return [channel(1), channel(3), channel(5), 1];
};

const fixed = (k: Json): Json => ({ a: 0, k });

const EASE_OUT = { i: { x: [0.2], y: [1] }, o: { x: [0.6], y: [0] } };

/** An animated property from keyframes `[frame, value]`, eased between them. */
const animated = (frames: readonly (readonly [number, number[]])[]): Json => ({
  a: 1,
  k: frames.map(([t, s], index) => (index < frames.length - 1 ? { t, s, ...EASE_OUT } : { t, s })),
});

const groupTransform = (): Json => ({
  ty: 'tr',
  p: fixed([0, 0]),
  a: fixed([0, 0]),
  s: fixed([100, 100]),
  r: fixed(0),
  o: fixed(100),
  sk: fixed(0),
  sa: fixed(0),
  nm: 'Transform',
});

const fill = (hex: string): Json => ({ ty: 'fl', c: fixed(rgba(hex)), o: fixed(100), r: 1, bm: 0, nm: 'Fill' });

const stroke = (hex: string, width: number): Json => ({
  ty: 'st',
  c: fixed(rgba(hex)),
  o: fixed(100),
  w: fixed(width),
  lc: 2,
  lj: 2,
  bm: 0,
  nm: 'Stroke',
});

const rect = (width: number, height: number, centre: [number, number], radius = 0): Json => ({
  ty: 'rc',
  d: 1,
  s: fixed([width, height]),
  p: fixed(centre),
  r: fixed(radius),
  nm: 'Rectangle',
});

const group = (name: string, items: Json[]): Json => ({
  ty: 'gr',
  nm: name,
  np: items.length,
  it: [...items, groupTransform()],
});

interface LayerOptions {
  name: string;
  position: Json;
  scale?: Json;
  opacity?: Json;
  shapes: Json[];
  outPoint: number;
}

const shapeLayer = ({ name, position, scale, opacity, shapes, outPoint }: LayerOptions): Json => ({
  ddd: 0,
  ind: 0,
  ty: 4,
  nm: name,
  sr: 1,
  ks: {
    o: opacity ?? fixed(100),
    r: fixed(0),
    p: position,
    a: fixed([0, 0, 0]),
    s: scale ?? fixed([100, 100, 100]),
  },
  ao: 0,
  shapes,
  ip: 0,
  op: outPoint,
  st: 0,
  bm: 0,
});

const animation = (name: string, width: number, height: number, outPoint: number, layers: Json[]): Json => ({
  v: '5.7.4',
  fr: FRAME_RATE,
  ip: 0,
  op: outPoint,
  w: width,
  h: height,
  nm: name,
  ddd: 0,
  assets: [],
  // Lottie draws the first layer on top, so the list runs from front to back; `ind` numbers them.
  layers: layers.map((layer, index) => ({ ...(layer as Record<string, Json>), ind: index + 1 })),
});

/** Four buildings rise one after another on a street while the sun comes up. */
const buildingsRising = (): Json => {
  const width = 480;
  const height = 320;
  const ground = 270;
  const end = 120;
  const buildings = [
    { x: 90, w: 70, h: 120, colour: '#b5523b' },
    { x: 180, w: 80, h: 190, colour: '#1f3a5f' },
    { x: 275, w: 70, h: 150, colour: '#d9a441' },
    { x: 370, w: 90, h: 100, colour: '#4f7c6b' },
  ];
  const buildingLayers = buildings.map((building, index) => {
    const start = 8 + index * 14;
    // Windows in rows of two, drawn inside the building so they rise with it.
    const windows: Json[] = [];
    for (let row = 0; row * 30 + 40 < building.h; row += 1) {
      for (const column of [-1, 1]) {
        windows.push(rect(14, 18, [column * (building.w / 4), -(row * 30 + 30)]));
      }
    }
    return shapeLayer({
      name: `Gebouw ${index + 1}`,
      position: fixed([building.x, ground, 0]),
      // The shapes hang above the origin, so scaling the height grows the building up from the street.
      scale: animated([
        [0, [100, 0, 100]],
        [start, [100, 0, 100]],
        [start + 24, [100, 100, 100]],
      ]),
      shapes: [
        group('Ramen', [...windows, fill('#f4efe6')]),
        group('Gevel', [rect(building.w, building.h, [0, -building.h / 2], 2), fill(building.colour)]),
      ],
      outPoint: end,
    });
  });
  const sun = shapeLayer({
    name: 'Zon',
    position: animated([
      [0, [400, 230, 0]],
      [70, [400, 70, 0]],
    ]),
    shapes: [group('Zon', [{ ty: 'el', d: 1, s: fixed([56, 56]), p: fixed([0, 0]), nm: 'Ellipse' }, fill('#f2c14e')])],
    outPoint: end,
  });
  const street = shapeLayer({
    name: 'Straat',
    position: fixed([width / 2, ground + 12, 0]),
    shapes: [group('Straat', [rect(width, 24, [0, 0]), fill('#3d3d3d')])],
    outPoint: end,
  });
  const sky = shapeLayer({
    name: 'Lucht',
    position: fixed([width / 2, height / 2, 0]),
    shapes: [group('Lucht', [rect(width, height, [0, 0]), fill('#dce8f2')])],
    outPoint: end,
  });
  return animation('Register groeit', width, height, end, [...buildingLayers, street, sun, sky]);
};

/** A circle that pops in and a check mark that draws itself: "a protected title". */
export const titleCheck = (): Json => {
  const size = 240;
  const end = 60;
  const check = shapeLayer({
    name: 'Vinkje',
    position: fixed([size / 2, size / 2, 0]),
    shapes: [
      group('Vinkje', [
        {
          ty: 'sh',
          d: 1,
          nm: 'Pad',
          ks: fixed({
            i: [
              [0, 0],
              [0, 0],
              [0, 0],
            ],
            o: [
              [0, 0],
              [0, 0],
              [0, 0],
            ],
            v: [
              [-42, 2],
              [-12, 32],
              [46, -30],
            ],
            c: false,
          }),
        },
        {
          ty: 'tm',
          nm: 'Trim',
          s: fixed(0),
          e: animated([
            [18, [0]],
            [42, [100]],
          ]),
          o: fixed(0),
          m: 1,
        },
        stroke('#ffffff', 16),
      ]),
    ],
    outPoint: end,
  });
  const badge = shapeLayer({
    name: 'Cirkel',
    position: fixed([size / 2, size / 2, 0]),
    scale: animated([
      [0, [0, 0, 100]],
      [18, [100, 100, 100]],
    ]),
    shapes: [
      group('Cirkel', [{ ty: 'el', d: 1, s: fixed([180, 180]), p: fixed([0, 0]), nm: 'Ellipse' }, fill('#1f3a5f')]),
    ],
    outPoint: end,
  });
  return animation('Beschermde titel', size, size, end, [check, badge]);
};

/** The animations served as files under `/assets/animations/`, by file name. */
export const ANIMATION_FILES: Readonly<Record<string, () => Json>> = {
  'register-groei.json': buildingsRising,
};
