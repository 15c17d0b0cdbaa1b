/**
 * The outdoors of a city: sky for a time of day, sun or moon, clouds, and its scenery
 * (mountains, sea or lake, skyline, forest). Drawn behind hotel facades and in room windows.
 */
import type { Scenery } from './hotel-catalogue.ts';
import type { Rng } from './prng.ts';
import { circle, f, linear, mix, polygon, radial, rect, shade } from './svg.ts';

export type TimeOfDay = 'day' | 'golden' | 'dusk' | 'night';

const SKIES: Record<TimeOfDay, readonly (readonly [string, string, string])[]> = {
  day: [
    ['#2f6fd0', '#79b4f2', '#d8ecff'],
    ['#1f8fd6', '#8fd0f5', '#e6f6ff'],
    ['#3b64c4', '#9ab8f0', '#f1f5ff'],
  ],
  golden: [
    ['#4a63b5', '#f2a365', '#ffe0b0'],
    ['#5b5ea6', '#f08a6c', '#ffd3a1'],
    ['#3d6fb0', '#f6b26b', '#fff1c4'],
  ],
  dusk: [
    ['#1d1a4a', '#7a3b8f', '#f2875f'],
    ['#231d5c', '#b0457d', '#f7a25c'],
    ['#14244f', '#5b4a9b', '#e86f6f'],
  ],
  night: [
    ['#050a22', '#101c46', '#273a70'],
    ['#0a0f2c', '#1b2457', '#3a3f7a'],
    ['#030817', '#0d2140', '#1d4466'],
  ],
};

interface SkyColours {
  top: string;
  middle: string;
  bottom: string;
}

function skyColours(time: TimeOfDay, rng: Rng): SkyColours {
  const [top, middle, bottom] = rng.pick(SKIES[time]);
  return { top, middle, bottom };
}

export interface Landscape {
  defs: string;
  body: string;
  sky: SkyColours;
}

/**
 * The outdoors in a `w`×`h` box; `horizon` is where the land meets the sky (mountains rise
 * above it, water and skyline sit on it). `id` prefixes gradient ids (unique per document).
 */
export function landscape(options: {
  id: string;
  w: number;
  h: number;
  horizon: number;
  scenery: Scenery;
  time: TimeOfDay;
  rng: Rng;
}): Landscape {
  const { id, w, h, horizon, scenery, time, rng } = options;
  const sky = skyColours(time, rng);
  const night = time === 'night';
  const defs: string[] = [
    linear(`${id}sky`, [
      [0, sky.top],
      [0.55, sky.middle],
      [1, sky.bottom],
    ]),
  ];
  const body: string[] = [rect(0, 0, w, horizon + 2, `url(#${id}sky)`)];

  // Stars, and the sun or the moon with a halo.
  if (night || time === 'dusk') {
    const stars = night ? 70 : 25;
    for (let i = 0; i < stars; i++) {
      body.push(
        circle(
          rng.float(0, w),
          rng.float(0, horizon * (night ? 0.75 : 0.4)),
          rng.float(0.6, 1.8),
          '#ffffff',
          `opacity="${f(rng.float(0.4, 0.95))}"`,
        ),
      );
    }
  }
  const bodyX = rng.float(w * 0.12, w * 0.88);
  const bodyY =
    time === 'day' ? rng.float(h * 0.1, horizon * 0.35) : rng.float(horizon * 0.3, horizon * 0.6);
  const bodyR = w * (time === 'day' ? 0.045 : 0.055);
  const bodyColour =
    time === 'day'
      ? '#fff6c9'
      : time === 'golden'
        ? '#ffd27d'
        : time === 'dusk'
          ? '#ffb27d'
          : '#f4f1de';
  defs.push(
    radial(`${id}halo`, [
      [0, bodyColour, 0.55],
      [0.35, bodyColour, 0.18],
      [1, bodyColour, 0],
    ]),
  );
  body.push(circle(bodyX, bodyY, bodyR * 4.5, `url(#${id}halo)`));
  body.push(circle(bodyX, bodyY, bodyR, bodyColour));
  if (night) {
    body.push(
      circle(bodyX - bodyR * 0.3, bodyY - bodyR * 0.2, bodyR * 0.22, '#d9d4bd', 'opacity="0.6"'),
    );
    body.push(
      circle(bodyX + bodyR * 0.35, bodyY + bodyR * 0.3, bodyR * 0.15, '#d9d4bd', 'opacity="0.6"'),
    );
  }

  // Clouds.
  if (!night) {
    const cloudColour = time === 'day' ? '#ffffff' : mix(sky.bottom, '#ffffff', 0.5);
    const clouds = rng.int(2, 4);
    for (let i = 0; i < clouds; i++) {
      const cx = rng.float(0, w);
      const cy = rng.float(h * 0.06, horizon * 0.5);
      const s = rng.float(0.6, 1.3) * (w / 1200);
      const puffs = [
        [0, 0, 60, 26],
        [-50, 10, 45, 20],
        [52, 8, 50, 22],
        [-18, -18, 40, 24],
        [25, -14, 36, 22],
      ]
        .map(
          ([dx = 0, dy = 0, rx = 0, ry = 0]) =>
            `<ellipse cx="${f(cx + dx * s)}" cy="${f(cy + dy * s)}" rx="${f(rx * s)}" ry="${f(ry * s)}"/>`,
        )
        .join('');
      // Solid, not translucent: overlapping puffs must not show their seams.
      const solid = mix(sky.middle, cloudColour, rng.float(0.7, 0.92));
      body.push(`<g fill="${solid}">${puffs}</g>`);
    }
  }

  // Mountains: two or three ranges, the far ones paler.
  if (scenery.mountains) {
    const kind = scenery.mountains;
    const base =
      kind === 'snow'
        ? '#56627a'
        : kind === 'green'
          ? '#3f6b4f'
          : kind === 'dry'
            ? '#8a6a4f'
            : '#a0523d';
    const ranges = 3;
    for (let r = 0; r < ranges; r++) {
      const far = (ranges - 1 - r) / (ranges - 1); // 1 = farthest
      const top = horizon - h * (0.36 - r * 0.08) * rng.float(0.8, 1.1);
      const colour = mix(shade(base, -0.1 * r), sky.bottom, far * 0.55 + (night ? 0.1 : 0));
      const tinted = night ? mix(colour, '#0b1230', 0.45) : colour;
      const { points, peaks } = ridge(rng, w, horizon + 4, top, rng.int(3, 6));
      if (kind === 'colour') {
        // The striped hills of the Quebrada: red, ochre, violet and green bands.
        const bands = rng.shuffle([
          '#b5543c',
          '#d98f4e',
          '#8e5a8c',
          '#c46c4a',
          '#6f8a4f',
          '#e0b062',
          '#a04a5c',
        ]);
        const stops: [number, string][] = [];
        bands.forEach((c, i) => {
          const band = night ? mix(c, '#0b1230', 0.5) : c;
          stops.push([i / bands.length, band], [(i + 1) / bands.length - 0.001, band]);
        });
        defs.push(linear(`${id}bands${r}`, stops, { x1: 0, y1: 0, x2: 0.2 + r * 0.1, y2: 1 }));
        body.push(polygon(points, `url(#${id}bands${r})`));
        if (r < ranges - 1) body.push(polygon(points, sky.bottom, `opacity="${f(far * 0.45)}"`));
      } else {
        body.push(polygon(points, tinted));
      }
      if (kind === 'snow' && r < ranges - 1) {
        const snow = night ? '#c9d3e8' : '#f7fbff';
        for (const peak of peaks)
          body.push(polygon(snowCap(peak, rng), snow, `opacity="${f(0.95 - r * 0.1)}"`));
      }
    }
  }

  // The jungle: a canopy of round crowns.
  if (scenery.jungle) {
    const greens = ['#1f5e3a', '#2d7a45', '#236b3f', '#3a8a4f'];
    for (let i = 0; i < 60; i++) {
      const x = rng.float(-20, w + 20);
      const y = horizon - rng.float(0, h * 0.12);
      const c = rng.pick(greens);
      body.push(circle(x, y, rng.float(h * 0.05, h * 0.1), night ? mix(c, '#0b1230', 0.5) : c));
    }
  }

  // Water on the horizon: sea or lake or river, with light streaks and a few sails.
  if (scenery.water) {
    const waterTop = horizon - 2;
    const deep =
      scenery.water === 'sea' ? '#1d5f8c' : scenery.water === 'lake' ? '#2a6f97' : '#5a6f5a';
    const near = night ? mix(deep, '#050a22', 0.6) : deep;
    const far = mix(sky.bottom, near, 0.45);
    defs.push(
      linear(`${id}water`, [
        [0, far],
        [1, near],
      ]),
    );
    body.push(rect(0, waterTop, w, h - waterTop, `url(#${id}water)`));
    const streak = night ? '#f4f1de' : '#ffffff';
    for (let i = 0; i < 14; i++) {
      body.push(
        rect(
          rng.float(0, w),
          rng.float(waterTop + 6, h),
          rng.float(20, 90),
          2,
          streak,
          `opacity="${f(rng.float(0.15, 0.4))}"`,
        ),
      );
    }
    if (scenery.water !== 'river') {
      for (let i = 0; i < rng.int(1, 3); i++) {
        const bx = rng.float(w * 0.05, w * 0.95);
        const by = waterTop + rng.float(10, 40);
        const s = rng.float(0.6, 1.1) * (w / 1200);
        body.push(
          polygon(
            [
              [bx, by - 40 * s],
              [bx, by],
              [bx + 26 * s, by],
            ],
            '#ffffff',
            'opacity="0.9"',
          ),
        );
        body.push(
          polygon(
            [
              [bx - 18 * s, by + 2],
              [bx + 34 * s, by + 2],
              [bx + 26 * s, by + 10 * s],
              [bx - 10 * s, by + 10 * s],
            ],
            '#3b2f2f',
          ),
        );
      }
    }
  }

  // A city skyline in the distance; at night its windows are a tiled pattern of lights.
  if (scenery.skyline) {
    const colour = night ? '#1a2245' : mix(sky.bottom, '#4a5a78', 0.55);
    if (night) {
      const lights: string[] = [];
      for (let wy = 4; wy < 44; wy += 9) {
        for (let wx = 3; wx < 40; wx += 7) {
          if (rng.chance(0.3)) lights.push(rect(wx, wy, 3, 4, '#ffd98a'));
        }
      }
      defs.push(
        `<pattern id="${id}lit" width="42" height="45" patternUnits="userSpaceOnUse">${lights.join('')}</pattern>`,
      );
    }
    let x = -10;
    while (x < w) {
      const bw = rng.float(w * 0.03, w * 0.07);
      const bh = rng.float(h * 0.08, h * 0.26);
      const top = horizon - bh;
      body.push(rect(x, top, bw, bh + 4, colour));
      if (night) body.push(rect(x + 3, top + 5, bw - 6, bh - 8, `url(#${id}lit)`, 'opacity="0.8"'));
      if (rng.chance(0.25)) body.push(rect(x + bw / 2 - 1, top - bh * 0.2, 2, bh * 0.2, colour));
      x += bw + rng.float(0, w * 0.01);
    }
  }

  return { defs: defs.join(''), body: body.join(''), sky };
}

type Point = readonly [number, number];

/** A mountain ridge from the left edge to the right; returns the polygon and its peaks. */
function ridge(rng: Rng, w: number, baseY: number, topY: number, count: number) {
  const points: Point[] = [[0, baseY]];
  const peaks: { peak: Point; left: Point; right: Point }[] = [];
  const step = w / count;
  let previous: Point = [0, baseY - (baseY - topY) * rng.float(0.2, 0.5)];
  points.push(previous);
  for (let i = 0; i < count; i++) {
    const px = step * i + step * rng.float(0.3, 0.7);
    const py = topY + (baseY - topY) * rng.float(0, 0.35);
    const vx = step * (i + 1) + step * rng.float(-0.1, 0.1);
    const vy = baseY - (baseY - topY) * rng.float(0.15, 0.45);
    const peak: Point = [px, py];
    const valley: Point = [Math.min(vx, w), vy];
    points.push(peak, valley);
    peaks.push({ peak, left: previous, right: valley });
    previous = valley;
  }
  points.push([w, baseY]);
  return { points, peaks };
}

/** A jagged snow cap on the upper part of a peak. */
function snowCap(p: { peak: Point; left: Point; right: Point }, rng: Rng): Point[] {
  const t = rng.float(0.22, 0.35);
  const at = (a: Point, b: Point, k: number): Point => [
    a[0] + (b[0] - a[0]) * k,
    a[1] + (b[1] - a[1]) * k,
  ];
  const l = at(p.peak, p.left, t);
  const r = at(p.peak, p.right, t);
  const mid1 = at(l, r, 0.33);
  const mid2 = at(l, r, 0.66);
  const drop = (p.left[1] - p.peak[1]) * 0.08;
  return [
    p.peak,
    r,
    [mid2[0], mid2[1] - drop],
    [(mid1[0] + mid2[0]) / 2, mid1[1] + drop],
    [mid1[0], mid1[1] - drop],
    l,
  ];
}
