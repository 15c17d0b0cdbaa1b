/**
 * Event pictures: a bold poster (gradient, a motif for the kind of event, the event's
 * initials in dot lettering) and a view of the venue (stage, big screen, audience).
 */
import type { EventKind } from './event-catalogue.ts';
import { createRng, type Rng } from './prng.ts';
import {
  circle,
  dotText,
  dotTextWidth,
  f,
  linear,
  polygon,
  radial,
  rect,
  shade,
  svgDocument,
} from './svg.ts';

export const POSTER_SIZE = { width: 1200, height: 800 } as const;

const PALETTES: Record<EventKind, readonly (readonly [string, string, string])[]> = {
  conference: [
    ['#ff512f', '#dd2476', '#ffe66d'],
    ['#4776e6', '#8e54e9', '#7df9ff'],
    ['#f83600', '#f9d423', '#1b1b3a'],
  ],
  meetup: [
    ['#11998e', '#38ef7d', '#fffd82'],
    ['#00b4db', '#0083b0', '#ffd166'],
    ['#43cea2', '#185a9d', '#ffafcc'],
  ],
  hackathon: [
    ['#0f0c29', '#302b63', '#39ff14'],
    ['#141e30', '#243b55', '#ff2e88'],
    ['#232526', '#414345', '#00e5ff'],
  ],
  workshop: [
    ['#f7971e', '#ffd200', '#3a0ca3'],
    ['#ee0979', '#ff6a00', '#fff3b0'],
    ['#8e2de2', '#4a00e0', '#ffd60a'],
  ],
};

function gear(
  cx: number,
  cy: number,
  r: number,
  teeth: number,
  fill: string,
  extra: string,
): string {
  const points: [number, number][] = [];
  for (let i = 0; i < teeth * 4; i++) {
    const a = (i / (teeth * 4)) * Math.PI * 2;
    const radius = i % 4 < 2 ? r : r * 0.82;
    points.push([cx + Math.cos(a) * radius, cy + Math.sin(a) * radius]);
  }
  return (
    polygon(points, fill, extra) +
    circle(cx, cy, r * 0.38, 'none', `stroke="${fill}" stroke-width="${f(r * 0.12)}" ${extra}`)
  );
}

function motif(kind: EventKind, rng: Rng, W: number, H: number, accent: string): string {
  const out: string[] = [];
  if (kind === 'conference') {
    const cx = rng.float(W * 0.65, W * 0.9);
    const cy = rng.float(H * 0.2, H * 0.8);
    for (let r = 60; r < 700; r += 55) {
      out.push(
        circle(
          cx,
          cy,
          r,
          'none',
          `stroke="#ffffff" stroke-width="${f(r < 200 ? 10 : 4)}" opacity="${f(0.35 - r / 2600)}"`,
        ),
      );
    }
    for (let i = 0; i < 8; i++) {
      const x = rng.float(W * 0.5, W);
      const y = rng.float(0, H);
      const s = rng.float(14, 34);
      out.push(
        polygon(
          [
            [x, y - s],
            [x + s, y + s],
            [x - s, y + s],
          ],
          i % 2 ? accent : '#ffffff',
          `opacity="${f(rng.float(0.5, 0.9))}"`,
        ),
      );
    }
  } else if (kind === 'meetup') {
    const nodes: [number, number][] = [];
    for (let i = 0; i < 16; i++) nodes.push([rng.float(W * 0.5, W - 40), rng.float(40, H - 40)]);
    nodes.forEach(([x, y], i) => {
      nodes.slice(i + 1).forEach(([x2, y2]) => {
        if (Math.hypot(x2 - x, y2 - y) < 260) {
          out.push(
            `<path d="M${f(x)} ${f(y)} L${f(x2)} ${f(y2)}" stroke="#ffffff" stroke-width="3" opacity="0.45"/>`,
          );
        }
      });
    });
    for (const [x, y] of nodes) {
      const r = rng.float(8, 24);
      out.push(circle(x, y, r + 6, '#ffffff', 'opacity="0.25"'));
      out.push(circle(x, y, r, rng.chance(0.3) ? accent : '#ffffff'));
    }
  } else if (kind === 'hackathon') {
    for (let x = 20; x < W; x += 40) {
      for (let y = 20; y < H; y += 40) {
        if (rng.chance(0.12))
          out.push(rect(x, y, 16, 16, accent, `opacity="${f(rng.float(0.15, 0.6))}"`));
      }
    }
    for (let i = 0; i < 7; i++) {
      let x = rng.float(W * 0.5, W);
      let y = rng.float(0, H);
      let d = `M${f(x)} ${f(y)}`;
      for (let s = 0; s < 4; s++) {
        if (s % 2 === 0) x += rng.float(-160, 160);
        else y += rng.float(-160, 160);
        d += ` L${f(x)} ${f(y)}`;
      }
      out.push(`<path d="${d}" stroke="${accent}" stroke-width="5" fill="none" opacity="0.8"/>`);
      out.push(circle(x, y, 10, accent));
    }
    const bx = rng.float(W * 0.7, W * 0.85);
    const by = rng.float(H * 0.2, H * 0.4);
    out.push(
      polygon(
        [
          [bx, by],
          [bx - 90, by + 200],
          [bx - 20, by + 200],
          [bx - 60, by + 380],
          [bx + 90, by + 140],
          [bx + 20, by + 140],
          [bx + 60, by],
        ],
        accent,
        'opacity="0.95"',
      ),
    );
  } else {
    out.push(
      gear(
        rng.float(W * 0.7, W * 0.85),
        rng.float(H * 0.3, H * 0.5),
        170,
        12,
        '#ffffff',
        'opacity="0.55"',
      ),
    );
    out.push(
      gear(
        rng.float(W * 0.85, W * 0.95),
        rng.float(H * 0.65, H * 0.8),
        95,
        9,
        accent,
        'opacity="0.85"',
      ),
    );
    out.push(
      gear(
        rng.float(W * 0.55, W * 0.65),
        rng.float(H * 0.7, H * 0.85),
        70,
        8,
        '#ffffff',
        'opacity="0.4"',
      ),
    );
  }
  return out.join('');
}

/** `</>` drawn with strokes. */
function codeMark(x: number, y: number, s: number, colour: string): string {
  return `<path d="M${f(x + 30 * s)} ${f(y)} L${f(x)} ${f(y + 30 * s)} L${f(x + 30 * s)} ${f(y + 60 * s)} M${f(x + 80 * s)} ${f(y - 6 * s)} L${f(x + 50 * s)} ${f(y + 66 * s)} M${f(x + 100 * s)} ${f(y)} L${f(x + 130 * s)} ${f(y + 30 * s)} L${f(x + 100 * s)} ${f(y + 60 * s)}" stroke="${colour}" stroke-width="${f(10 * s)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
}

export function posterSvg(options: { seed: string; kind: EventKind; initials: string }): string {
  const { width: W, height: H } = POSTER_SIZE;
  const rng = createRng(options.seed);
  const [a, b, accent] = rng.pick(PALETTES[options.kind]);
  const defs =
    linear(
      'bg',
      [
        [0, a],
        [1, b],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 1 },
    ) +
    radial('spot', [
      [0, '#ffffff', 0.3],
      [1, '#ffffff', 0],
    ]);
  const out = [rect(0, 0, W, H, 'url(#bg)'), circle(W * 0.25, H * 0.45, 520, 'url(#spot)')];
  out.push(motif(options.kind, rng, W, H, accent));
  const text = options.initials;
  const cell = Math.min(34, 560 / Math.max(1, text.length * 6 - 1));
  const tw = dotTextWidth(text, cell);
  const tx = 90;
  const ty = H / 2 - 3.5 * cell - 30;
  out.push(rect(tx - 40, ty - 40, tw + 80, 7 * cell + 80, '#000000', 'rx="28" opacity="0.22"'));
  out.push(dotText(text, tx, ty, cell, '#ffffff', options.kind === 'hackathon' ? 'pixel' : 'dot'));
  out.push(codeMark(tx, 80, 0.7, accent));
  // An agenda strip: a row of day markers.
  const days = rng.int(1, 3);
  for (let i = 0; i < 12; i++) {
    out.push(
      rect(
        tx + i * 44,
        H - 130,
        34,
        34,
        i < days ? accent : '#ffffff',
        `rx="8" opacity="${i < days ? 1 : 0.3}"`,
      ),
    );
  }
  return svgDocument(W, H, defs, out.join(''));
}

/** The venue during the event: a stage with the initials on a big screen, and the audience. */
export function venueSvg(options: { seed: string; kind: EventKind; initials: string }): string {
  const { width: W, height: H } = POSTER_SIZE;
  const rng = createRng(options.seed);
  const [a, b, accent] = rng.pick(PALETTES[options.kind]);
  const defs =
    linear('hall', [
      [0, '#0d0b1e'],
      [1, shade(a, -0.7)],
    ]) +
    linear(
      'screen',
      [
        [0, a],
        [1, b],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 1 },
    );
  const out = [rect(0, 0, W, H, 'url(#hall)')];
  // Spotlights.
  for (let i = 0; i < 4; i++) {
    const x = 150 + i * 300 + rng.float(-40, 40);
    out.push(
      polygon(
        [
          [x - 10, 0],
          [x + 10, 0],
          [x + rng.float(-200, 200) + 120, 560],
          [x + rng.float(-200, 200) - 120, 560],
        ],
        i % 2 ? accent : '#ffffff',
        'opacity="0.08"',
      ),
    );
  }
  const sx = 260;
  const sy = 70;
  const sw = 680;
  const sh = 380;
  out.push(rect(sx - 12, sy - 12, sw + 24, sh + 24, '#1c1c28'));
  out.push(rect(sx, sy, sw, sh, 'url(#screen)'));
  const cell = Math.min(24, 480 / Math.max(1, options.initials.length * 6 - 1));
  const tw = dotTextWidth(options.initials, cell);
  out.push(
    dotText(options.initials, sx + sw / 2 - tw / 2, sy + sh / 2 - 3.5 * cell - 20, cell, '#ffffff'),
  );
  out.push(rect(sx + sw / 2 - 150, sy + sh - 80, 300, 14, '#ffffff', 'rx="7" opacity="0.7"'));
  out.push(rect(sx + sw / 2 - 100, sy + sh - 56, 200, 10, accent, 'rx="5"'));
  // Stage, lectern and speaker.
  out.push(rect(0, 500, W, 60, '#2a2338'));
  out.push(rect(0, 500, W, 6, accent, 'opacity="0.8"'));
  out.push(
    polygon(
      [
        [880, 500],
        [950, 500],
        [940, 420],
        [890, 420],
      ],
      '#3b3350',
    ),
  );
  out.push(circle(850, 392, 20, '#0d0b1e'), rect(826, 412, 48, 88, '#0d0b1e', 'rx="16"'));
  // Audience: rows of heads and shoulders, lit at the edges by the screen.
  for (let row = 0; row < 4; row++) {
    const y = 600 + row * 60;
    const offset = row % 2 ? 40 : 0;
    const colour = shade('#0d0b1e', 0.1 - row * 0.03);
    for (let x = -20 + offset; x < W + 40; x += 80) {
      const hx = x + rng.float(-8, 8);
      const r = 22 + row * 3;
      out.push(circle(hx, y - r * 0.9, r, colour));
      out.push(
        `<path d="M${f(hx - r * 1.7)} ${f(y + 60)} Q${f(hx - r * 1.6)} ${f(y + r * 0.2)} ${f(hx)} ${f(y + r * 0.15)} Q${f(hx + r * 1.6)} ${f(y + r * 0.2)} ${f(hx + r * 1.7)} ${f(y + 60)} Z" fill="${colour}"/>`,
      );
      if (rng.chance(0.12))
        out.push(rect(hx - 9, y - r * 2.6, 18, 28, '#e5e7eb', 'rx="3" opacity="0.85"'));
    }
  }
  return svgDocument(W, H, defs, out.join(''));
}
