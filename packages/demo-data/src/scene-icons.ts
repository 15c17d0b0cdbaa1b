/**
 * Pictograms for room services (wifi arcs, monitors, a coffee cup…) and hotel services
 * (a laptop, a dumbbell, a van…), drawn in a 100×100 box; and the pictures built on them:
 * 128×128 room-service icons and wide hotel-service cards.
 */
import { createRng } from './prng.ts';
import type { HotelServiceIcon, RoomServiceIcon } from './services.ts';
import { circle, f, linear, radial, rect, shade, svgDocument } from './svg.ts';

export const ICON_SIZE = { width: 128, height: 128 } as const;
export const SERVICE_CARD_SIZE = { width: 1000, height: 700 } as const;

type Icon = RoomServiceIcon | HotelServiceIcon;

/** Stroked outlines and filled parts of each pictogram, in a 100×100 box. */
const PICTOGRAMS: Record<Icon, { stroke: string; fill?: string }> = {
  wifi: {
    stroke:
      'M38.7 66.7 A16 16 0 0 1 61.3 66.7 M27.4 55.4 A32 32 0 0 1 72.6 55.4 M16.1 44.1 A48 48 0 0 1 83.9 44.1',
    fill: '<circle cx="50" cy="80" r="7"/>',
  },
  'standing-desk': {
    stroke:
      'M16 44 H84 M28 44 V86 M72 44 V86 M18 86 H38 M62 86 H82 M50 56 V78 M44 62 L50 56 L56 62 M44 72 L50 78 L56 72',
    fill: '<rect x="36" y="14" width="28" height="20" rx="3"/><rect x="47" y="33" width="6" height="11"/>',
  },
  'dual-monitor': {
    stroke:
      'M10 20 H46 V50 H10 Z M54 20 H90 V50 H54 Z M28 50 V64 M72 50 V64 M18 66 H38 M62 66 H82 M8 80 H92',
  },
  chair: {
    stroke: 'M24 58 H76 M50 58 V76 M30 88 L50 76 L70 88 M26 46 V58 M74 46 V58',
    fill: '<rect x="32" y="10" width="36" height="40" rx="9"/><circle cx="30" cy="90" r="4"/><circle cx="70" cy="90" r="4"/>',
  },
  coffee: {
    stroke:
      'M68 46 H74 A8 8 0 0 1 74 62 H68 M36 12 C30 20 42 24 36 32 M52 10 C46 18 58 22 52 30 M16 88 H78',
    fill: '<path d="M22 38 H68 V62 A16 16 0 0 1 52 78 H38 A16 16 0 0 1 22 62 Z"/>',
  },
  air: {
    stroke:
      'M12 18 H88 V50 H12 Z M22 40 H78 M28 60 C22 68 34 74 28 86 M50 60 C44 68 56 74 50 86 M72 60 C66 68 78 74 72 86',
  },
  tv: {
    stroke: 'M10 18 H90 V70 H10 Z M50 70 V84 M36 86 H64',
    fill: '<path d="M43 32 L62 44 L43 56 Z"/>',
  },
  minibar: {
    stroke: 'M26 10 H74 V90 H26 Z M26 38 H74 M64 18 V30 M64 48 V64',
  },
  soundproof: {
    stroke: 'M62 38 L84 62 M84 38 L62 62',
    fill: '<path d="M12 38 H28 L46 22 V78 L28 62 H12 Z"/>',
  },
  lamp: {
    stroke: 'M22 88 H60 M41 88 L30 58 L54 36 M72 58 L78 70 M84 50 L94 56',
    fill: '<path d="M48 28 L70 18 L86 44 Z"/><circle cx="30" cy="58" r="6"/>',
  },
  coworking: {
    stroke: 'M22 64 V28 H78 V64 M12 72 H88 M40 38 L33 46 L40 54 M60 38 L67 46 L60 54',
  },
  meeting: {
    stroke: 'M30 10 H70 V32 H30 Z M50 32 V42',
    fill: '<ellipse cx="50" cy="64" rx="28" ry="10"/><circle cx="14" cy="64" r="7"/><circle cx="86" cy="64" r="7"/><circle cx="32" cy="86" r="7"/><circle cx="68" cy="86" r="7"/><circle cx="50" cy="46" r="5"/>',
  },
  cafeteria: {
    stroke:
      'M58 52 H64 A7 7 0 0 1 64 66 H58 M10 88 H68 M66 22 a12 12 0 1 0 24 0 a12 12 0 1 0 -24 0 M78 15 V22 L83 25',
    fill: '<path d="M16 44 H58 V66 A14 14 0 0 1 44 80 H30 A14 14 0 0 1 16 66 Z"/>',
  },
  gym: {
    stroke: 'M22 50 H78',
    fill: '<rect x="8" y="32" width="10" height="36" rx="3"/><rect x="20" y="38" width="8" height="24" rx="2"/><rect x="72" y="38" width="8" height="24" rx="2"/><rect x="82" y="32" width="10" height="36" rx="3"/>',
  },
  shuttle: {
    stroke: 'M10 66 V36 Q10 28 18 28 H68 L88 48 V66 Z M20 36 H40 V48 H20 Z M46 36 H64 V48 H46 Z',
    fill: '<circle cx="28" cy="68" r="9"/><circle cx="72" cy="68" r="9"/>',
  },
  terrace: {
    stroke: 'M50 40 V86 M32 70 H68 M36 70 V86 M64 70 V86',
    fill: '<path d="M16 42 Q50 2 84 42 Z"/><circle cx="86" cy="14" r="7"/>',
  },
  bike: {
    stroke:
      'M26 66 L42 40 L58 66 Z M42 40 H64 L74 66 M58 66 L64 40 M36 32 H48 M60 32 H70 M26 66 m-16 0 a16 16 0 1 0 32 0 a16 16 0 1 0 -32 0 M74 66 m-16 0 a16 16 0 1 0 32 0 a16 16 0 1 0 -32 0',
  },
  'phone-booth': {
    stroke: 'M28 8 H72 V92 H28 Z M36 18 H64 V52 H36 Z M62 64 V76',
    fill: '<path d="M42 30 Q42 26 46 26 L48 26 L50 32 L47 34 Q49 40 54 43 L56 40 L62 42 L62 45 Q62 48 58 48 Q44 46 42 30 Z"/>',
  },
};

/** The pictogram in `colour`, scaled to `size` with its top-left at (x, y). */
function pictogram(
  icon: Icon,
  colour: string,
  x: number,
  y: number,
  size: number,
  weight = 7,
): string {
  const p = PICTOGRAMS[icon];
  const s = size / 100;
  return (
    `<g transform="translate(${f(x)} ${f(y)}) scale(${Math.round(s * 1000) / 1000})">` +
    `<path d="${p.stroke}" fill="none" stroke="${colour}" stroke-width="${weight}" stroke-linecap="round" stroke-linejoin="round"/>` +
    (p.fill ? `<g fill="${colour}">${p.fill}</g>` : '') +
    '</g>'
  );
}

export function roomServiceIconSvg(icon: RoomServiceIcon, colour: string): string {
  const { width: W, height: H } = ICON_SIZE;
  const defs = linear('bg', [
    [0, shade(colour, 0.18)],
    [1, shade(colour, -0.18)],
  ]);
  const body = rect(0, 0, W, H, 'url(#bg)', 'rx="28"') + pictogram(icon, '#ffffff', 22, 22, 84, 8);
  return svgDocument(W, H, defs, body);
}

/** A hotel service card: its two colours, soft shapes and the pictogram in a white disc. */
export function hotelServiceSvg(
  icon: HotelServiceIcon,
  colours: readonly [string, string],
  seed: string,
): string {
  const { width: W, height: H } = SERVICE_CARD_SIZE;
  const rng = createRng(seed);
  const [a, b] = rng.chance(0.5) ? colours : [colours[1], colours[0]];
  const defs =
    linear(
      'bg',
      [
        [0, a],
        [1, b],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 1 },
    ) +
    radial('shine', [
      [0, '#ffffff', 0.35],
      [1, '#ffffff', 0],
    ]);
  const out = [rect(0, 0, W, H, 'url(#bg)')];
  for (let i = 0; i < 9; i++) {
    out.push(
      circle(
        rng.float(0, W),
        rng.float(0, H),
        rng.float(40, 190),
        '#ffffff',
        `opacity="${f(rng.float(0.05, 0.14))}"`,
      ),
    );
  }
  for (let i = 0; i < 5; i++) {
    const x = rng.float(0, W);
    const y = rng.float(0, H);
    out.push(
      pictogram(icon, '#ffffff', x, y, rng.float(40, 80), 6).replace('<g ', '<g opacity="0.18" '),
    );
  }
  const cx = W / 2 + rng.float(-60, 60);
  const cy = H / 2 + rng.float(-20, 20);
  out.push(circle(cx, cy, 300, 'url(#shine)'));
  out.push(circle(cx + 10, cy + 14, 200, '#000000', 'opacity="0.12"'));
  out.push(circle(cx, cy, 200, '#ffffff'));
  out.push(pictogram(icon, shade(a, -0.15), cx - 130, cy - 130, 260, 7));
  return svgDocument(W, H, defs, out.join(''));
}
