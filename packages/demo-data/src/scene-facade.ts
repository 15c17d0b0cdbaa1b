/**
 * A hotel seen from the street: its city's outdoors behind, the building in its style
 * (glass tower, classic palace, modern block, mountain lodge or colourful hostel), an entrance
 * with a lit sign of its initials, trees, lamps and the street or the meadow in front.
 */
import type { BuildingStyle, Scenery } from './hotel-catalogue.ts';
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

export const FACADE_SIZE = { width: 1200, height: 800 } as const;

/** What stays the same in every picture of one hotel. */
export interface HotelLook {
  style: BuildingStyle;
  wall: string;
  accent: string;
  roof: string;
  floors: number;
  cols: number;
  width: number;
  sign: string;
}

const WALLS: Record<BuildingStyle, readonly string[]> = {
  tower: ['#2f4358', '#34495e', '#3a4a5c', '#2c3e50', '#41546b'],
  classic: ['#efe3cf', '#e8d9c0', '#f2e8d8', '#e3d3bd', '#f0dcc8'],
  modern: ['#f4f4f2', '#e9ecef', '#4b5563', '#d6d3d1', '#c8b8a6'],
  lodge: ['#8b5a3c', '#7a4e33', '#9c6b47', '#6f4a35', '#a0704f'],
  hostel: ['#f4a259', '#5bc0be', '#e76f51', '#8ac926', '#ffca3a', '#9b5de5'],
};
const ACCENTS = [
  '#e63946',
  '#f4a261',
  '#2a9d8f',
  '#e9c46a',
  '#8338ec',
  '#ff006e',
  '#3a86ff',
  '#fb5607',
];
const ROOFS = ['#3d405b', '#6b2d2d', '#2f3e46', '#4a3b2a', '#1b4332'];

export function hotelLook(hotelName: string, style: BuildingStyle, sign: string): HotelLook {
  const rng = createRng(`look:${hotelName}`);
  const ranges: Record<
    BuildingStyle,
    { floors: [number, number]; cols: [number, number]; width: [number, number] }
  > = {
    tower: { floors: [10, 13], cols: [6, 8], width: [330, 400] },
    classic: { floors: [5, 6], cols: [6, 8], width: [540, 640] },
    modern: { floors: [5, 7], cols: [4, 6], width: [480, 580] },
    lodge: { floors: [2, 3], cols: [4, 6], width: [520, 640] },
    hostel: { floors: [3, 4], cols: [4, 5], width: [380, 450] },
  };
  const r = ranges[style];
  return {
    style,
    wall: rng.pick(WALLS[style]),
    accent: rng.pick(ACCENTS),
    roof: rng.pick(ROOFS),
    floors: rng.int(r.floors[0], r.floors[1]),
    cols: rng.int(r.cols[0], r.cols[1]),
    width: rng.int(r.width[0], r.width[1]),
    sign,
  };
}

interface Ctx {
  rng: Rng;
  time: TimeOfDay;
  look: HotelLook;
  defs: string[];
  out: string[];
}

const LIT = '#ffd27a';
const DARK_WINDOW = '#27324f';

function windowFill(c: Ctx, litOdds?: number): string {
  const odds =
    litOdds ??
    (c.time === 'night' ? 0.65 : c.time === 'dusk' ? 0.45 : c.time === 'golden' ? 0.12 : 0);
  if (c.rng.chance(odds)) return LIT;
  return c.time === 'night' ? DARK_WINDOW : c.time === 'dusk' ? '#4a4f7a' : 'url(#glass)';
}

/** Darkens a colour for night and dusk. */
function lightFor(c: Ctx, colour: string): string {
  if (c.time === 'night') return mix(colour, '#0b1230', 0.55);
  if (c.time === 'dusk') return mix(colour, '#3a2a5a', 0.3);
  if (c.time === 'golden') return mix(colour, '#ffb070', 0.08);
  return colour;
}

export function facadeSvg(options: {
  seed: string;
  look: HotelLook;
  scenery: Scenery;
  time: TimeOfDay;
  zoom: number;
}): string {
  const { width: W, height: H } = FACADE_SIZE;
  const rng = createRng(options.seed);
  const { look, time, scenery } = options;
  const rural = look.style === 'lodge';
  const horizon = rural ? 560 : 590;
  const groundY = rural ? 670 : 660;
  const land = landscape({ id: 'l', w: W, h: H, horizon, scenery, time, rng });
  const c: Ctx = { rng, time, look, defs: [land.defs], out: [] };

  c.defs.push(
    time === 'golden'
      ? linear('glass', [
          [0, '#c9b6d6'],
          [1, '#ffe1bd'],
        ])
      : linear('glass', [
          [0, '#8ec3ea'],
          [0.6, '#cfe8fa'],
          [1, '#a7d0ee'],
        ]),
    radial('glow', [
      [0, '#ffe29a', 0.75],
      [1, '#ffe29a', 0],
    ]),
  );

  // Ground.
  const scene: string[] = [];
  if (rural) {
    const grass = lightFor(
      c,
      scenery.mountains === 'colour' ? '#b99867' : scenery.jungle ? '#3f7d3a' : '#6a9a4a',
    );
    c.defs.push(
      linear('ground', [
        [0, shade(grass, 0.1)],
        [1, shade(grass, -0.25)],
      ]),
    );
    const groundTop = scenery.water ? horizon + 36 : horizon;
    scene.push(rect(0, groundTop, W, H - groundTop, 'url(#ground)'));
    scene.push(
      polygon(
        [
          [W / 2 - 40, groundY],
          [W / 2 + 40, groundY],
          [W / 2 + 160, H],
          [W / 2 - 160, H],
        ],
        lightFor(c, '#c8b89a'),
      ),
    );
  } else {
    // Between the horizon and the pavement: water when the city has it, else distant blocks.
    if (!scenery.water) {
      scene.push(
        rect(0, horizon, W, groundY - horizon, lightFor(c, mix('#7d8591', land.sky.bottom, 0.3))),
      );
    }
    scene.push(rect(0, groundY - 6, W, 60, lightFor(c, '#c9c5bd')));
    scene.push(rect(0, groundY + 54, W, 6, lightFor(c, '#8d8981')));
    scene.push(rect(0, groundY + 60, W, H - groundY - 60, lightFor(c, '#3f4147')));
    for (let x = 20; x < W; x += 120)
      scene.push(rect(x, groundY + 105, 60, 6, lightFor(c, '#e9e4d8')));
  }

  // Neighbours for city hotels.
  const cx = W / 2 + rng.float(-120, 120);
  if (!rural) {
    for (const side of [-1, 1]) {
      const nw = rng.float(220, 320);
      const nh = rng.float(220, look.style === 'tower' ? 420 : 330);
      const nx = side < 0 ? cx - look.width / 2 - nw + 30 : cx + look.width / 2 - 30;
      const colour = lightFor(
        c,
        mix(
          rng.pick(['#b8a99a', '#a3b1c2', '#c2b280', '#9fa8a3', '#c9a8a1']),
          land.sky.bottom,
          0.25,
        ),
      );
      scene.push(rect(nx, groundY - nh, nw, nh, colour));
      for (let wy = groundY - nh + 24; wy < groundY - 60; wy += 46) {
        for (let wx = nx + 20; wx < nx + nw - 30; wx += 48) {
          scene.push(
            rect(wx, wy, 26, 30, windowFill(c, time === 'night' ? 0.4 : 0), 'opacity="0.85"'),
          );
        }
      }
    }
  }

  c.out = scene;
  const top = drawBuilding(c, cx, groundY);
  drawEntrance(c, cx, groundY, top);
  drawSurroundings(c, cx, groundY, rural, scenery);

  // Soft light over everything: warmer at golden hour, deeper blue at night.
  const tint =
    time === 'night'
      ? ['#0b1230', 0.18]
      : time === 'dusk'
        ? ['#5a2a6a', 0.1]
        : time === 'golden'
          ? ['#ff9a3c', 0.07]
          : ['#ffffff', 0];
  const zoom = options.zoom;
  const transform =
    zoom === 1
      ? ''
      : ` transform="translate(${f(cx)} ${f(groundY)}) scale(${f(zoom)}) translate(${f(-cx)} ${f(-groundY)})"`;
  const body = `${land.body}<g${transform}>${c.out.join('')}</g>${
    tint[1] ? rect(0, 0, W, H, tint[0] as string, `opacity="${tint[1]}"`) : ''
  }`;
  return svgDocument(W, H, c.defs.join(''), body);
}

/** Draws the building; returns the y of the top of its front wall. */
function drawBuilding(c: Ctx, cx: number, groundY: number): number {
  const { look, rng, out } = c;
  const wall = lightFor(c, look.wall);
  const w = look.width;
  const x0 = cx - w / 2;

  if (look.style === 'tower') {
    const fh = 38;
    const podiumH = 70;
    const top = groundY - podiumH - look.floors * fh;
    out.push(rect(x0 - 40, groundY - podiumH, w + 80, podiumH, lightFor(c, '#3d4f63')));
    out.push(rect(x0, top, w, look.floors * fh, wall));
    const colW = (w - 20) / look.cols;
    for (let r = 0; r < look.floors; r++) {
      for (let k = 0; k < look.cols; k++) {
        out.push(rect(x0 + 10 + k * colW + 3, top + r * fh + 5, colW - 6, fh - 10, windowFill(c)));
      }
    }
    for (let k = 0; k <= look.cols; k++)
      out.push(rect(x0 + 8 + k * colW, top, 3, look.floors * fh, shade(wall, -0.25)));
    out.push(rect(x0 - 6, top - 24, w + 12, 24, lightFor(c, look.accent)));
    out.push(rect(cx - 2, top - 110, 4, 86, shade(wall, -0.2)));
    out.push(circle(cx, top - 112, 5, '#ff3b3b'));
    return groundY - podiumH;
  }

  if (look.style === 'classic') {
    const fh = 60;
    const top = groundY - look.floors * fh;
    out.push(rect(x0, top, w, look.floors * fh, wall));
    // Mansard roof with dormers.
    const roof = lightFor(c, look.roof);
    out.push(
      polygon(
        [
          [x0 - 10, top],
          [x0 + 30, top - 70],
          [x0 + w - 30, top - 70],
          [x0 + w + 10, top],
        ],
        roof,
      ),
    );
    const dormers = Math.max(3, look.cols - 2);
    for (let k = 0; k < dormers; k++) {
      const dx = x0 + 60 + (k * (w - 120)) / (dormers - 1) - 16;
      out.push(rect(dx, top - 56, 32, 40, shade(wall, -0.05)));
      out.push(
        polygon(
          [
            [dx - 6, top - 56],
            [dx + 16, top - 74],
            [dx + 38, top - 56],
          ],
          shade(roof, -0.2),
        ),
      );
      out.push(rect(dx + 7, top - 50, 18, 28, windowFill(c)));
    }
    const colW = w / look.cols;
    for (let r = 0; r < look.floors; r++) {
      const fy = top + r * fh;
      out.push(rect(x0 - 6, fy - 4, w + 12, 6, shade(wall, -0.12)));
      if (r === look.floors - 1) continue; // ground floor: entrance and shop windows
      for (let k = 0; k < look.cols; k++) {
        const wx = x0 + k * colW + colW * 0.28;
        const ww = colW * 0.44;
        const fill = windowFill(c);
        out.push(
          `<path d="M${f(wx)} ${f(fy + 50)} V${f(fy + 20)} a${f(ww / 2)} ${f(ww / 2)} 0 0 1 ${f(ww)} 0 V${f(fy + 50)} Z" fill="${fill}" stroke="${shade(wall, -0.3)}" stroke-width="2"/>`,
        );
        if (r % 2 === 1) {
          out.push(rect(wx - 6, fy + 46, ww + 12, 4, lightFor(c, '#2b2b2b')));
          for (let b = 0; b <= 4; b++)
            out.push(rect(wx - 6 + (b * (ww + 10)) / 4, fy + 38, 2, 10, lightFor(c, '#2b2b2b')));
        }
      }
    }
    const gy = top + (look.floors - 1) * fh;
    for (let k = 0; k < look.cols; k++) {
      if (Math.abs(x0 + (k + 0.5) * colW - cx) < colW) continue;
      out.push(
        rect(
          x0 + k * colW + colW * 0.18,
          gy + 14,
          colW * 0.64,
          fh - 18,
          windowFill(c, c.time === 'day' ? 0 : 0.8),
        ),
      );
    }
    return top;
  }

  if (look.style === 'modern') {
    const fh = 54;
    const top = groundY - look.floors * fh;
    out.push(rect(x0, top, w, look.floors * fh, wall));
    const slatW = w * 0.22;
    const slatX = rng.chance(0.5) ? x0 : x0 + w - slatW;
    out.push(rect(slatX, top, slatW, (look.floors - 1) * fh, lightFor(c, '#a0704f')));
    for (let s = slatX + 6; s < slatX + slatW - 4; s += 12)
      out.push(rect(s, top, 4, (look.floors - 1) * fh, lightFor(c, '#7c5439')));
    const bandX = slatX === x0 ? x0 + slatW + 16 : x0 + 16;
    const bandW = w - slatW - 32;
    for (let r = 0; r < look.floors - 1; r++) {
      const fy = top + r * fh;
      out.push(rect(bandX, fy + 10, bandW, fh - 22, windowFill(c)));
      for (let k = 1; k < look.cols; k++)
        out.push(rect(bandX + (k * bandW) / look.cols, fy + 10, 3, fh - 22, shade(wall, -0.35)));
      if (r % 2 === 0)
        out.push(rect(bandX - 6, fy + fh - 16, bandW + 12, 14, '#bfe3ff', 'opacity="0.45"'));
    }
    // Roof garden and solar panels.
    for (let k = 0; k < 7; k++)
      out.push(
        circle(
          x0 + 20 + k * ((w * 0.45) / 7),
          top - 8,
          rng.float(10, 16),
          lightFor(c, rng.pick(['#3a7d44', '#4f9d5a', '#2d6a4f'])),
        ),
      );
    for (let k = 0; k < 4; k++) {
      const px = x0 + w * 0.55 + k * 46;
      out.push(
        polygon(
          [
            [px, top],
            [px + 40, top],
            [px + 34, top - 18],
            [px - 6, top - 18],
          ],
          lightFor(c, '#1e3a5f'),
        ),
      );
    }
    return top;
  }

  if (look.style === 'lodge') {
    const fh = 74;
    const top = groundY - look.floors * fh;
    // Stone base floor, wooden floors above.
    out.push(rect(x0, groundY - fh, w, fh, lightFor(c, '#8d8a84')));
    for (let i = 0; i < 70; i++) {
      out.push(
        `<ellipse cx="${f(x0 + rng.float(8, w - 8))}" cy="${f(groundY - rng.float(6, fh - 6))}" rx="${f(rng.float(8, 16))}" ry="${f(rng.float(5, 9))}" fill="${lightFor(c, rng.pick(['#a19d96', '#77736d', '#9a948a']))}"/>`,
      );
    }
    out.push(rect(x0, top, w, (look.floors - 1) * fh, wall));
    for (let y = top + 10; y < groundY - fh; y += 14)
      out.push(rect(x0, y, w, 2, shade(wall, -0.25)));
    // Gable roof with a deep overhang and a chimney.
    const roof = lightFor(c, look.roof);
    const roofH = w * 0.32;
    out.push(rect(x0 + w * 0.72, top - roofH * 0.8, 34, roofH * 0.6, lightFor(c, '#6d6a65')));
    out.push(
      polygon(
        [
          [x0 - 40, top + 6],
          [cx, top - roofH],
          [x0 + w + 40, top + 6],
        ],
        roof,
      ),
    );
    out.push(
      polygon(
        [
          [x0 - 40, top + 6],
          [cx, top - roofH],
          [x0 + w + 40, top + 6],
          [x0 + w + 28, top + 14],
          [cx, top - roofH + 14],
          [x0 - 28, top + 14],
        ],
        shade(roof, -0.3),
      ),
    );
    for (let s = 0; s < 4; s++) {
      out.push(
        circle(
          x0 + w * 0.72 + 17 + s * 14,
          top - roofH * 0.8 - 16 - s * 22,
          10 + s * 5,
          '#e8e8e8',
          `opacity="${f(0.5 - s * 0.1)}"`,
        ),
      );
    }
    // Big warm windows in the gable and on each floor.
    out.push(
      polygon(
        [
          [cx - 60, top - 10],
          [cx, top - roofH * 0.55],
          [cx + 60, top - 10],
        ],
        windowFill(c, c.time === 'day' ? 0 : 0.9),
      ),
    );
    const colW = w / look.cols;
    for (let r = 0; r < look.floors; r++) {
      const fy = top + r * fh;
      for (let k = 0; k < look.cols; k++) {
        if (r === look.floors - 1 && Math.abs(x0 + (k + 0.5) * colW - cx) < colW) continue;
        const wx = x0 + k * colW + colW * 0.2;
        out.push(
          rect(
            wx,
            fy + 14,
            colW * 0.6,
            fh - 28,
            windowFill(c, c.time === 'day' ? 0.1 : 0.75),
            `stroke="${lightFor(c, '#3b2a1e')}" stroke-width="4"`,
          ),
        );
      }
    }
    // A deck along the first floor.
    if (look.floors > 2) {
      const dy = groundY - fh;
      out.push(rect(x0 - 10, dy - 4, w + 20, 8, lightFor(c, '#5a3d2b')));
      for (let b = x0 - 10; b <= x0 + w + 10; b += 18)
        out.push(rect(b, dy - 30, 4, 28, lightFor(c, '#5a3d2b')));
      out.push(rect(x0 - 10, dy - 32, w + 20, 5, lightFor(c, '#5a3d2b')));
    }
    return groundY - fh;
  }

  // Hostel: a colourful narrow house with a mural, shutters and water tanks.
  const fh = 66;
  const top = groundY - look.floors * fh;
  out.push(rect(x0, top, w, look.floors * fh, wall));
  const mural = ['#ff006e', '#3a86ff', '#ffbe0b', '#8338ec', '#06d6a0'];
  for (let i = 0; i < 6; i++) {
    const colour = lightFor(c, rng.pick(mural));
    if (rng.chance(0.5))
      out.push(
        circle(
          x0 + rng.float(20, w * 0.35),
          top + rng.float(20, look.floors * fh - 80),
          rng.float(18, 46),
          colour,
          'opacity="0.85"',
        ),
      );
    else {
      const px = x0 + rng.float(10, w * 0.3);
      const py = top + rng.float(20, look.floors * fh - 90);
      out.push(
        polygon(
          [
            [px, py + 60],
            [px + 30, py],
            [px + 60, py + 60],
          ],
          colour,
          'opacity="0.85"',
        ),
      );
    }
  }
  out.push(rect(x0 - 8, top - 12, w + 16, 12, shade(wall, -0.3)));
  for (let k = 0; k < 2; k++) {
    const tx = x0 + w * 0.6 + k * 70;
    out.push(rect(tx, top - 62, 50, 50, lightFor(c, '#9aa5b1')));
    out.push(
      `<ellipse cx="${f(tx + 25)}" cy="${f(top - 62)}" rx="25" ry="7" fill="${lightFor(c, '#c3ccd5')}"/>`,
    );
  }
  const colW = (w * 0.6) / (look.cols - 1);
  for (let r = 0; r < look.floors - 1; r++) {
    for (let k = 0; k < look.cols - 1; k++) {
      const wx = x0 + w * 0.38 + k * colW;
      const wy = top + r * fh + 14;
      const shutter = lightFor(c, shade(look.accent, -0.1));
      out.push(rect(wx - 12, wy, 10, fh - 26, shutter));
      out.push(rect(wx + 30, wy, 10, fh - 26, shutter));
      out.push(rect(wx, wy, 28, fh - 26, windowFill(c)));
    }
  }
  return top + (look.floors - 1) * fh;
}

/** Door, awning, and the lit sign with the hotel's initials. */
function drawEntrance(c: Ctx, cx: number, groundY: number, frontTop: number) {
  const { look, out } = c;
  const accent = lightFor(c, look.accent);
  const doorH = Math.min(110, groundY - frontTop - 20);
  out.push(rect(cx - 50, groundY - doorH, 100, doorH, lightFor(c, '#2a2f3a')));
  out.push(
    rect(
      cx - 44,
      groundY - doorH + 8,
      42,
      doorH - 8,
      c.time === 'day' ? 'url(#glass)' : LIT,
      'opacity="0.9"',
    ),
  );
  out.push(
    rect(
      cx + 2,
      groundY - doorH + 8,
      42,
      doorH - 8,
      c.time === 'day' ? 'url(#glass)' : LIT,
      'opacity="0.9"',
    ),
  );
  const ay = groundY - doorH - 6;
  out.push(
    polygon(
      [
        [cx - 80, ay],
        [cx + 80, ay],
        [cx + 95, ay + 28],
        [cx - 95, ay + 28],
      ],
      accent,
    ),
  );
  for (let s = -75; s < 80; s += 30)
    out.push(
      polygon(
        [
          [cx + s, ay],
          [cx + s + 15, ay],
          [cx + s + 18, ay + 28],
          [cx + s + 3, ay + 28],
        ],
        '#ffffff',
        'opacity="0.35"',
      ),
    );
  // Sign board above the awning.
  const cell = 7;
  const textW = dotTextWidth(look.sign, cell);
  const sy = ay - 16 - 7 * cell;
  out.push(rect(cx - textW / 2 - 16, sy - 10, textW + 32, 7 * cell + 20, '#1c1f26', 'rx="6"'));
  const signColour = c.time === 'day' ? look.accent : shade(look.accent, 0.35);
  if (c.time !== 'day')
    out.push(
      `<ellipse cx="${f(cx)}" cy="${f(sy + 3.5 * cell)}" rx="${f(textW)}" ry="${f(cell * 7)}" fill="url(#glow)" opacity="0.6"/>`,
    );
  out.push(dotText(look.sign, cx - textW / 2, sy, cell, signColour));
  // Steps and planters.
  out.push(rect(cx - 70, groundY - 4, 140, 8, lightFor(c, '#b0aca4')));
  for (const side of [-1, 1]) {
    const px = cx + side * 80 - 14;
    out.push(rect(px, groundY - 28, 28, 28, lightFor(c, '#5b5b5b')));
    out.push(circle(px + 14, groundY - 38, 18, lightFor(c, '#3a7d44')));
  }
}

function drawSurroundings(c: Ctx, cx: number, groundY: number, rural: boolean, scenery: Scenery) {
  const { rng, out, look } = c;
  const W = FACADE_SIZE.width;
  const conifer = rural && (scenery.mountains === 'snow' || scenery.mountains === 'green');
  const spots = rural
    ? [60, 150, W - 160, W - 70, rng.float(200, 300)]
    : [rng.float(30, 120), rng.float(W - 140, W - 40)];
  for (const x of spots) {
    if (Math.abs(x - cx) < look.width / 2 + 30 && !rural) continue;
    const y = groundY + (rural ? rng.float(0, 60) : 20);
    const s = rng.float(0.8, 1.25);
    if (conifer) {
      const g = lightFor(c, rng.pick(['#1f4d3a', '#2a5e45', '#174032']));
      out.push(rect(x - 6 * s, y - 30 * s, 12 * s, 30 * s, lightFor(c, '#5a3d2b')));
      for (let t = 0; t < 3; t++) {
        const ty = y - 30 * s - t * 48 * s;
        out.push(
          polygon(
            [
              [x - (62 - t * 14) * s, ty],
              [x, ty - 90 * s],
              [x + (62 - t * 14) * s, ty],
            ],
            g,
          ),
        );
      }
    } else {
      const g = lightFor(c, rng.pick(['#3a7d44', '#4f9d5a', '#2d6a4f', '#6a994e']));
      out.push(rect(x - 7 * s, y - 90 * s, 14 * s, 90 * s, lightFor(c, '#6b4f3a')));
      out.push(circle(x, y - 120 * s, 52 * s, g));
      out.push(circle(x - 36 * s, y - 96 * s, 36 * s, shade(g, -0.1)));
      out.push(circle(x + 38 * s, y - 100 * s, 38 * s, shade(g, 0.08)));
    }
  }
  if (rural) return;
  // Street lamps and a parked car.
  for (const lx of [cx - look.width / 2 - 60, cx + look.width / 2 + 60]) {
    if (lx < 10 || lx > W - 10) continue;
    out.push(rect(lx - 3, groundY - 130, 6, 140, lightFor(c, '#2d3436')));
    out.push(rect(lx - 14, groundY - 138, 28, 10, lightFor(c, '#2d3436'), 'rx="4"'));
    if (c.time !== 'day') out.push(circle(lx, groundY - 126, 46, 'url(#glow)'));
  }
  if (rng.chance(0.8)) {
    const carX = rng.chance(0.5) ? rng.float(40, 300) : rng.float(W - 400, W - 200);
    const carY = groundY + 78;
    const body = lightFor(
      c,
      rng.pick(['#e63946', '#457b9d', '#f1faee', '#ffb703', '#2a9d8f', '#6d597a']),
    );
    out.push(
      `<path d="M${f(carX)} ${f(carY)} h180 v-26 l-30 -6 l-26 -26 h-70 l-30 28 l-24 4 Z" fill="${body}"/>`,
    );
    out.push(
      `<path d="M${f(carX + 62)} ${f(carY - 54)} h30 v22 h-50 Z M${f(carX + 98)} ${f(carY - 54)} h24 l20 22 h-44 Z" fill="${c.time === 'night' ? '#1b2238' : '#bfe3ff'}"/>`,
    );
    out.push(circle(carX + 40, carY, 17, '#1f1f1f'), circle(carX + 142, carY, 17, '#1f1f1f'));
    out.push(circle(carX + 40, carY, 7, '#9e9e9e'), circle(carX + 142, carY, 7, '#9e9e9e'));
    if (c.time === 'night' || c.time === 'dusk')
      out.push(circle(carX + 178, carY - 16, 5, '#fff3b0'));
  }
}
