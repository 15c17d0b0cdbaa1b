/**
 * Indoor pictures: guest rooms (bed by room name, finish by category, a desk with a monitor
 * showing code) and each hotel's coworking lounge, with the city's outdoors in the window.
 */
import type { Scenery } from './hotel-catalogue.ts';
import { createRng, type Rng } from './prng.ts';
import { landscape, type TimeOfDay } from './scene-landscape.ts';
import {
  circle,
  dotText,
  dotTextWidth,
  f,
  linear,
  mix,
  polygon,
  radial,
  rect,
  shade,
  svgDocument,
} from './svg.ts';

export const ROOM_SIZE = { width: 1000, height: 700 } as const;
export const LOUNGE_SIZE = { width: 1200, height: 800 } as const;

type Category = 'standard' | 'premium' | 'presidential';
type RoomName = 'single' | 'double' | 'family' | 'suite';

const FINISHES: Record<
  Category,
  { walls: readonly string[]; floors: readonly string[]; trim: string }
> = {
  standard: {
    walls: ['#f3e9dc', '#e3eef4', '#e6efe0', '#f6e4dc', '#ece8f4'],
    floors: ['#c89f73', '#b98b5e', '#d2b48c'],
    trim: '#ffffff',
  },
  premium: {
    walls: ['#2f5d62', '#3d5a80', '#5e6b52', '#6d4c5c', '#44576d'],
    floors: ['#8b5e3c', '#6f4e37', '#9c7a54'],
    trim: '#e8e2d0',
  },
  presidential: {
    walls: ['#3b1f2b', '#1f3b2d', '#2b2d42', '#4a2c2a'],
    floors: ['#5a3825', '#4b2e1e', '#6b4423'],
    trim: '#d4af37',
  },
};
const TEXTILES = [
  '#e76f51',
  '#2a9d8f',
  '#e9c46a',
  '#f4a261',
  '#8ab17d',
  '#b56576',
  '#6d597a',
  '#457b9d',
];
const CODE_COLOURS = ['#7dd3fc', '#f9a8d4', '#fde68a', '#86efac', '#c4b5fd', '#fca5a5', '#e5e7eb'];

/** A window onto the outdoors: a nested picture clipped to the frame. */
function windowView(
  x: number,
  y: number,
  w: number,
  h: number,
  scenery: Scenery,
  time: TimeOfDay,
  rng: Rng,
) {
  const horizon = h * 0.72;
  const land = landscape({ id: 'w', w, h, horizon, scenery, time, rng });
  const ground = rect(
    0,
    horizon,
    w,
    h - horizon,
    mix('#55684f', land.sky.bottom, time === 'night' ? 0.1 : 0.3),
  );
  return `<svg x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" viewBox="0 0 ${f(w)} ${f(h)}"><defs>${land.defs}</defs>${ground}${land.body}</svg>`;
}

/** Lines of code on a dark screen. */
function codeScreen(x: number, y: number, w: number, h: number, rng: Rng): string {
  const parts = [rect(x, y, w, h, '#111827', 'rx="3"')];
  const line = Math.max(5, h / 9);
  for (let ly = y + line * 0.8; ly < y + h - line * 0.6; ly += line) {
    let lx = x + 6 + rng.int(0, 3) * 8;
    const tokens = rng.int(1, 4);
    for (let t = 0; t < tokens && lx < x + w - 14; t++) {
      const tw = Math.min(rng.float(10, w * 0.3), x + w - 8 - lx);
      parts.push(rect(lx, ly, tw, line * 0.45, rng.pick(CODE_COLOURS), 'rx="1.5"'));
      lx += tw + 5;
    }
  }
  return parts.join('');
}

function lampGlow(x: number, y: number, r: number): string {
  return circle(x, y, r, 'url(#warm)');
}

function plant(x: number, base: number, s: number, rng: Rng): string {
  const parts = [
    polygon(
      [
        [x - 22 * s, base - 46 * s],
        [x + 22 * s, base - 46 * s],
        [x + 16 * s, base],
        [x - 16 * s, base],
      ],
      rng.pick(['#c65d3b', '#e9e4d8', '#3d405b', '#a68a64']),
    ),
  ];
  const greens = ['#2d6a4f', '#40916c', '#52b788', '#1b4332'];
  for (let i = 0; i < 7; i++) {
    const angle = -80 + i * 27 + rng.float(-8, 8);
    parts.push(
      `<ellipse cx="${f(x)}" cy="${f(base - 46 * s - 40 * s)}" rx="${f(12 * s)}" ry="${f(44 * s)}" fill="${rng.pick(greens)}" transform="rotate(${f(angle)} ${f(x)} ${f(base - 46 * s)})"/>`,
    );
  }
  return parts.join('');
}

function bed(
  x: number,
  width: number,
  headboard: string,
  linen: string,
  throwColour: string,
  floorY: number,
): string {
  const top = floorY - 6;
  const front = floorY + 120;
  const spread = width * 0.07;
  const parts = [
    rect(x - 12, top - 150, width + 24, 160, headboard, 'rx="14"'),
    rect(x - 12, top - 150, width + 24, 14, shade(headboard, 0.12), 'rx="7"'),
    polygon(
      [
        [x, top],
        [x + width, top],
        [x + width + spread, front],
        [x - spread, front],
      ],
      linen,
    ),
    polygon(
      [
        [x - spread, front],
        [x + width + spread, front],
        [x + width + spread, front + 26],
        [x - spread, front + 26],
      ],
      shade(linen, -0.12),
    ),
    rect(x - spread - 4, front + 26, width + 2 * spread + 8, 14, shade(headboard, -0.3)),
  ];
  const pillows = width > 300 ? 2 : 1;
  const pw = (width - 40 - (pillows - 1) * 16) / pillows;
  for (let i = 0; i < pillows; i++)
    parts.push(rect(x + 20 + i * (pw + 16), top - 40, pw, 46, '#fbfbf8', 'rx="16"'));
  const foldY = top + 30;
  parts.push(
    polygon(
      [
        [x - spread * 0.25, foldY],
        [x + width + spread * 0.25, foldY],
        [x + width + spread * 0.3, foldY + 12],
        [x - spread * 0.3, foldY + 12],
      ],
      shade(linen, -0.06),
    ),
  );
  parts.push(
    polygon(
      [
        [x - spread * 0.75, front - 40],
        [x + width + spread * 0.75, front - 40],
        [x + width + spread, front],
        [x - spread, front],
      ],
      throwColour,
    ),
  );
  return parts.join('');
}

function nightstand(x: number, floorY: number, wood: string, lit: boolean): string {
  return [
    rect(x, floorY - 30, 64, 86, wood, 'rx="4"'),
    rect(x + 6, floorY - 18, 52, 30, shade(wood, -0.15), 'rx="3"'),
    circle(x + 32, floorY - 3, 3, '#d4af37'),
    rect(x + 28, floorY - 78, 8, 48, '#3d3d3d'),
    polygon(
      [
        [x + 12, floorY - 78],
        [x + 52, floorY - 78],
        [x + 44, floorY - 112],
        [x + 20, floorY - 112],
      ],
      lit ? '#fff1c9' : '#f0e6d2',
    ),
    lit ? lampGlow(x + 32, floorY - 90, 90) : '',
  ].join('');
}

function desk(
  x: number,
  floorY: number,
  wood: string,
  rng: Rng,
  options: { dual: boolean; standing: boolean; lamp: boolean },
) {
  const topY = floorY - (options.standing ? 60 : 24);
  const w = 250;
  const parts = [
    rect(x, topY, w, 12, wood, 'rx="3"'),
    rect(x + 12, topY + 12, 10, floorY + 70 - topY - 12, shade(wood, -0.3)),
    rect(x + w - 22, topY + 12, 10, floorY + 70 - topY - 12, shade(wood, -0.3)),
  ];
  const screens = options.dual ? 2 : 1;
  const sw = options.dual ? 100 : 140;
  const sh = options.dual ? 66 : 86;
  const startX = x + (w - (screens * sw + (screens - 1) * 8)) / 2;
  for (let i = 0; i < screens; i++) {
    const sx = startX + i * (sw + 8);
    parts.push(rect(sx + sw / 2 - 4, topY - 26, 8, 26, '#3d3d3d'));
    parts.push(rect(sx + sw / 2 - 24, topY - 4, 48, 5, '#3d3d3d', 'rx="2"'));
    parts.push(rect(sx - 5, topY - 26 - sh - 5, sw + 10, sh + 10, '#1f2937', 'rx="5"'));
    parts.push(codeScreen(sx, topY - 26 - sh, sw, sh, rng));
  }
  parts.push(rect(x + w / 2 - 55, topY - 7, 110, 7, '#e5e7eb', 'rx="2"'));
  parts.push(rect(x + w - 52, topY - 22, 20, 22, rng.pick(TEXTILES), 'rx="3"'));
  if (options.lamp) {
    parts.push(rect(x + 16, topY - 4, 34, 5, '#2d3436', 'rx="2"'));
    parts.push(
      `<path d="M${f(x + 32)} ${f(topY - 4)} L${f(x + 40)} ${f(topY - 90)} L${f(x + 76)} ${f(topY - 104)}" stroke="#2d3436" stroke-width="5" fill="none"/>`,
    );
    parts.push(
      polygon(
        [
          [x + 64, topY - 112],
          [x + 92, topY - 100],
          [x + 84, topY - 84],
          [x + 58, topY - 96],
        ],
        '#2d3436',
      ),
    );
    parts.push(lampGlow(x + 80, topY - 80, 70));
  }
  // Office chair, seen from the front.
  const chairX = x + w / 2;
  const seatY = floorY + 50;
  const chair = rng.pick(['#2d3436', '#1e3a5f', '#5b2333', '#3a5a40']);
  parts.push(rect(chairX - 44, seatY - 110, 88, 90, chair, 'rx="18"'));
  parts.push(rect(chairX - 52, seatY - 22, 104, 22, shade(chair, 0.1), 'rx="10"'));
  parts.push(rect(chairX - 4, seatY, 8, 42, '#555555'));
  parts.push(
    `<path d="M${f(chairX - 46)} ${f(seatY + 52)} L${f(chairX)} ${f(seatY + 40)} L${f(chairX + 46)} ${f(seatY + 52)}" stroke="#555555" stroke-width="6" fill="none"/>`,
  );
  return parts.join('');
}

function artwork(cx: number, y: number, w: number, h: number, frame: string, rng: Rng): string {
  const parts = [
    rect(cx - w / 2 - 8, y - 8, w + 16, h + 16, frame, 'rx="3"'),
    rect(cx - w / 2, y, w, h, '#f7f3ea'),
  ];
  for (let i = 0; i < 4; i++) {
    const colour = rng.pick(TEXTILES);
    if (rng.chance(0.5))
      parts.push(
        circle(
          cx + rng.float(-w / 3, w / 3),
          y + rng.float(h * 0.25, h * 0.75),
          rng.float(h * 0.12, h * 0.3),
          colour,
          'opacity="0.85"',
        ),
      );
    else {
      const px = cx + rng.float(-w / 2.5, w / 4);
      parts.push(
        polygon(
          [
            [px, y + h - 6],
            [px + w * 0.18, y + rng.float(8, h * 0.5)],
            [px + w * 0.36, y + h - 6],
          ],
          colour,
          'opacity="0.85"',
        ),
      );
    }
  }
  return parts.join('');
}

export function roomSvg(options: {
  seed: string;
  name: RoomName;
  category: Category;
  scenery: Scenery;
}): string {
  const { width: W, height: H } = ROOM_SIZE;
  const rng = createRng(options.seed);
  const finish = FINISHES[options.category];
  const wall = rng.pick(finish.walls);
  const floor = rng.pick(finish.floors);
  const floorY = 470;
  const lux = options.category !== 'standard';
  const time: TimeOfDay = rng.pick(['day', 'day', 'golden', 'dusk', 'night']);
  const lit = time !== 'day' || options.category === 'presidential';
  const defs = [
    linear('wall', [
      [0, shade(wall, 0.06)],
      [1, shade(wall, -0.08)],
    ]),
    linear('floor', [
      [0, shade(floor, -0.1)],
      [1, shade(floor, 0.08)],
    ]),
    radial('warm', [
      [0, '#ffe2a0', 0.55],
      [1, '#ffe2a0', 0],
    ]),
  ];
  const out: string[] = [
    rect(0, 0, W, floorY, 'url(#wall)'),
    rect(0, floorY, W, H - floorY, 'url(#floor)'),
  ];
  for (let y = floorY + 18; y < H; y += 26 + (y - floorY) * 0.12)
    out.push(rect(0, y, W, 2, shade(floor, -0.2), 'opacity="0.5"'));
  out.push(rect(0, floorY - 14, W, 14, finish.trim, 'opacity="0.9"'));

  if (options.category === 'presidential') {
    // Wainscoting panels, crown moulding and a chandelier.
    out.push(rect(0, 0, W, 16, finish.trim));
    for (let x = 20; x < W - 60; x += 120)
      out.push(
        rect(
          x,
          floorY - 130,
          100,
          100,
          'none',
          `stroke="${finish.trim}" stroke-width="2" opacity="0.7"`,
        ),
      );
  } else if (options.category === 'premium') {
    // A slatted wood accent wall behind the bed.
    for (let x = 330; x < 670; x += 16)
      out.push(
        rect(x, 0, 10, floorY - 14, shade('#8b5e3c', rng.float(-0.1, 0.1)), 'opacity="0.85"'),
      );
  }

  const name = options.name;
  const family = name === 'family';
  // Family rooms have the window above the beds and a bunk bed on the left.
  const windowLeft = family ? false : rng.chance(0.5);
  const win = family
    ? { x: 330, y: 40, w: 220, h: 150 }
    : { x: windowLeft ? 60 : W - 290, y: 70, w: 230, h: 300 };
  out.push(rect(win.x - 12, win.y - 12, win.w + 24, win.h + 24, finish.trim));
  out.push(windowView(win.x, win.y, win.w, win.h, options.scenery, time, rng));
  out.push(rect(win.x + win.w / 2 - 3, win.y, 6, win.h, finish.trim));
  const curtain = rng.pick(TEXTILES);
  if (!family) {
    for (const side of [-1, 1]) {
      const cx = side < 0 ? win.x - 40 : win.x + win.w + 4;
      out.push(rect(cx, win.y - 30, 36, win.h + 90, curtain, 'rx="6"'));
      for (let k = 1; k < 4; k++)
        out.push(
          rect(cx + k * 9, win.y - 30, 2, win.h + 90, shade(curtain, -0.2), 'opacity="0.6"'),
        );
    }
    out.push(rect(win.x - 60, win.y - 36, win.w + 120, 8, '#3d3d3d', 'rx="4"'));
  }

  const headboard = lux
    ? shade(rng.pick(TEXTILES), -0.25)
    : rng.pick(['#d6c3a5', '#a3b18a', '#b7b7a4', '#9c6644']);
  const linen = rng.pick(['#fdfcf7', '#f1f5f9', '#f8f1e7']);
  const throwColour = rng.pick(TEXTILES);
  const wood = lux ? '#5a3d2b' : '#b08862';

  // Desk zone on the side without the window.
  const deskRight = windowLeft || family;
  const deskX = deskRight ? W - 265 : 15;
  out.push(
    desk(deskX, floorY, wood, rng, {
      dual: lux || rng.chance(0.3),
      standing: options.category === 'presidential' || rng.chance(0.25),
      lamp: rng.chance(0.7),
    }),
  );

  // The bed, a nightstand with a lamp, art and a rug.
  const bedW = name === 'single' ? 220 : name === 'suite' ? 380 : family ? 300 : 340;
  const centre = family ? 440 : windowLeft ? 520 : 480;
  const bedX = centre - bedW / 2;
  if (!family) out.push(artwork(centre, 60, 220, 130, lux ? finish.trim : '#3d3d3d', rng));
  out.push(
    `<ellipse cx="${f(centre)}" cy="${f(floorY + 160)}" rx="${f(bedW * 0.8)}" ry="34" fill="${shade(throwColour, 0.3)}" opacity="0.8"/>`,
  );
  out.push(
    nightstand(
      deskRight ? (family ? bedX + bedW + 16 : bedX - 80) : bedX + bedW + 16,
      floorY,
      wood,
      lit,
    ),
  );
  out.push(bed(bedX, bedW, headboard, linen, throwColour, floorY));
  if (family) {
    const bx = 30;
    out.push(rect(bx, 120, 14, 470, wood), rect(bx + 176, 120, 14, 470, wood));
    for (const level of [230, 470]) {
      out.push(rect(bx + 10, level - 20, 170, 40, linen, 'rx="8"'));
      out.push(rect(bx + 10, level + 8, 170, 18, rng.pick(TEXTILES)));
      out.push(rect(bx + 14, level - 36, 60, 22, '#fbfbf8', 'rx="8"'));
      out.push(rect(bx, level + 26, 190, 12, shade(wood, -0.2)));
    }
    for (let ry = 270; ry < 460; ry += 36) out.push(rect(bx + 150, ry, 30, 6, shade(wood, -0.2)));
  }
  if (name === 'suite') {
    // A sofa by the window.
    const sx = windowLeft ? 30 : W - 230;
    const sofa = shade(rng.pick(TEXTILES), -0.15);
    out.push(rect(sx, floorY + 80, 200, 64, sofa, 'rx="18"'));
    out.push(rect(sx - 10, floorY + 116, 220, 56, shade(sofa, -0.1), 'rx="14"'));
    out.push(
      rect(sx + 16, floorY + 124, 80, 24, shade(sofa, 0.15), 'rx="10"'),
      rect(sx + 104, floorY + 124, 80, 24, shade(sofa, 0.15), 'rx="10"'),
    );
  }
  if (options.category === 'presidential') {
    out.push(rect(centre - 1, 0, 2, 40, finish.trim));
    out.push(`<ellipse cx="${f(centre)}" cy="52" rx="60" ry="14" fill="${finish.trim}"/>`);
    for (let k = -2; k <= 2; k++)
      out.push(circle(centre + k * 24, 70 - Math.abs(k) * 3, 6, '#fff5d6'));
    out.push(lampGlow(centre, 60, 140));
  }
  if (name === 'single' || name === 'double')
    out.push(plant(deskRight ? 60 : W - 60, floorY + 200, 0.9, rng));
  if (time === 'night') out.push(rect(0, 0, W, H, '#0b1230', 'opacity="0.12"'));
  return svgDocument(W, H, defs.join(''), out.join(''));
}

/** The hotel's coworking lounge: a long table of monitors facing a window on the city. */
export function loungeSvg(options: {
  seed: string;
  wall: string;
  accent: string;
  sign: string;
  scenery: Scenery;
}): string {
  const { width: W, height: H } = LOUNGE_SIZE;
  const rng = createRng(options.seed);
  const time: TimeOfDay = rng.pick(['day', 'golden', 'dusk']);
  const wall = mix(options.wall, '#f5f1ea', 0.6);
  const floorY = 540;
  const defs = [
    linear('wall', [
      [0, shade(wall, 0.05)],
      [1, shade(wall, -0.1)],
    ]),
    linear('floor', [
      [0, '#8d7b68'],
      [1, '#b29d84'],
    ]),
    radial('warm', [
      [0, '#ffe2a0', 0.5],
      [1, '#ffe2a0', 0],
    ]),
  ];
  const out: string[] = [
    rect(0, 0, W, floorY, 'url(#wall)'),
    rect(0, floorY, W, H - floorY, 'url(#floor)'),
  ];
  for (let x = -600; x < W + 600; x += 90)
    out.push(
      `<path d="M${f(W / 2 + (x - W / 2) * 0.35)} ${floorY} L${f(x)} ${H}" stroke="#6f5f4f" stroke-width="2" opacity="0.4"/>`,
    );

  // Panoramic window with mullions.
  const win = { x: 250, y: 70, w: 700, h: 360 };
  out.push(rect(win.x - 14, win.y - 14, win.w + 28, win.h + 28, '#2d3436'));
  out.push(windowView(win.x, win.y, win.w, win.h, options.scenery, time, rng));
  for (let k = 1; k < 4; k++)
    out.push(rect(win.x + (k * win.w) / 4 - 4, win.y, 8, win.h, '#2d3436'));

  // Bookshelf and whiteboard with sticky notes.
  out.push(rect(40, 120, 170, 420, '#6b4f3a'));
  for (let s = 0; s < 5; s++) {
    const sy = 130 + s * 82;
    out.push(rect(48, sy + 70, 154, 8, '#4a3526'));
    let bx = 52;
    while (bx < 190) {
      const bw = rng.float(10, 22);
      const bh = rng.float(44, 66);
      out.push(rect(bx, sy + 70 - bh, bw, bh, rng.pick(TEXTILES)));
      bx += bw + 2;
    }
  }
  out.push(rect(990, 140, 180, 240, '#ffffff', 'stroke="#9ca3af" stroke-width="6"'));
  for (let i = 0; i < 9; i++) {
    out.push(
      rect(
        1010 + (i % 3) * 52,
        165 + Math.floor(i / 3) * 64,
        40,
        40,
        rng.pick(['#fde68a', '#fbcfe8', '#bbf7d0', '#bae6fd']),
        `transform="rotate(${f(rng.float(-6, 6))} ${f(1030 + (i % 3) * 52)} ${f(185 + Math.floor(i / 3) * 64)})"`,
      ),
    );
  }

  // Neon sign of the hotel's initials above the window.
  const cell = 6;
  const tw = dotTextWidth(options.sign, cell);
  out.push(
    `<ellipse cx="${W / 2}" cy="30" rx="${f(tw)}" ry="40" fill="${options.accent}" opacity="0.18"/>`,
  );
  out.push(dotText(options.sign, W / 2 - tw / 2, 10, cell, shade(options.accent, 0.3)));

  // Pendant lamps.
  for (let k = 0; k < 4; k++) {
    const lx = 330 + k * 180;
    const drop = 190 + (k % 2) * 40;
    out.push(rect(lx - 1, 0, 2, drop, '#2d3436'));
    out.push(
      `<path d="M${lx - 38} ${drop + 30} Q${lx} ${drop - 30} ${lx + 38} ${drop + 30} Z" fill="${options.accent}"/>`,
    );
    out.push(lampGlow(lx, drop + 36, 80));
  }

  // Long table with monitors and laptops, chairs behind it.
  for (let k = 0; k < 5; k++) {
    const cx = 240 + k * 180;
    out.push(
      rect(
        cx - 40,
        470,
        80,
        90,
        rng.pick(['#2d3436', '#1e3a5f', '#3a5a40', options.accent]),
        'rx="16"',
      ),
    );
  }
  out.push(rect(150, 560, 900, 18, '#d9c2a3', 'rx="4"'));
  out.push(rect(170, 578, 14, 160, '#4a4a4a'), rect(1016, 578, 14, 160, '#4a4a4a'));
  for (let k = 0; k < 5; k++) {
    const cx = 240 + k * 180;
    if (rng.chance(0.6)) {
      out.push(rect(cx - 4, 530, 8, 30, '#3d3d3d'));
      out.push(rect(cx - 62, 452, 124, 82, '#1f2937', 'rx="5"'));
      out.push(codeScreen(cx - 57, 457, 114, 72, rng));
    } else {
      out.push(
        polygon(
          [
            [cx - 50, 560],
            [cx + 50, 560],
            [cx + 44, 490],
            [cx - 44, 490],
          ],
          '#9ca3af',
        ),
      );
      out.push(
        polygon(
          [
            [cx - 40, 555],
            [cx + 40, 555],
            [cx + 35, 497],
            [cx - 35, 497],
          ],
          '#111827',
        ),
      );
      out.push(circle(cx, 525, 8, '#e5e7eb', 'opacity="0.7"'));
    }
    if (rng.chance(0.5)) out.push(rect(cx + 70, 538, 18, 22, rng.pick(TEXTILES), 'rx="3"'));
  }
  out.push(plant(1120, 740, 1.6, rng));
  out.push(plant(80, 760, 1.3, rng));
  return svgDocument(W, H, defs.join(''), out.join(''));
}
