/** Small helpers to write SVG scenes: colours, numbers, documents and a dot-matrix lettering. */

/** Rounds to one decimal: smaller SVG text, and identical output on every machine. */
export function f(n: number): string {
  return String(Math.round(n * 10) / 10);
}

function toHex(r: number, g: number, b: number): string {
  const h = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${h(r)}${h(g)}${h(b)}`;
}

function fromHex(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Linear mix of two #rrggbb colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = fromHex(a);
  const [br, bg, bb] = fromHex(b);
  return toHex(ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t);
}

/** Lighter (amount > 0, towards white) or darker (amount < 0, towards black). */
export function shade(colour: string, amount: number): string {
  return amount >= 0 ? mix(colour, '#ffffff', amount) : mix(colour, '#000000', -amount);
}

/** A vertical (or angled) linear gradient definition. */
export function linear(
  id: string,
  stops: readonly (readonly [number, string])[],
  direction: { x1?: number; y1?: number; x2?: number; y2?: number } = {},
): string {
  const { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = direction;
  const s = stops.map(([o, c]) => `<stop offset="${f(o)}" stop-color="${c}"/>`).join('');
  return `<linearGradient id="${id}" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${s}</linearGradient>`;
}

export function radial(id: string, stops: readonly (readonly [number, string, number?])[]): string {
  const s = stops
    .map(([o, c, a]) => `<stop offset="${f(o)}" stop-color="${c}" stop-opacity="${f(a ?? 1)}"/>`)
    .join('');
  return `<radialGradient id="${id}">${s}</radialGradient>`;
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function polygon(points: readonly (readonly [number, number])[], fill: string, extra = '') {
  const p = points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ');
  return `<polygon points="${p}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

/**
 * The SVG document. Element `opacity` becomes fill and stroke opacity: the renderer (librsvg)
 * draws an element with `opacity` through an offscreen layer, which made the scenes a third
 * slower to render, while for these shapes the two look the same.
 */
export function svgDocument(width: number, height: number, defs: string, body: string): string {
  const flat = body.replace(/ opacity="([^"]*)"/g, ' fill-opacity="$1" stroke-opacity="$1"');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${defs}</defs>${flat}</svg>`
  );
}

// ── Dot-matrix lettering: drawn with shapes, so no font has to be installed to render it.

const GLYPHS: Record<string, readonly string[]> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  I: ['.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
  '0': ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  '1': ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['####.', '....#', '....#', '.###.', '....#', '....#', '####.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
  '&': ['.##..', '#..#.', '#.#..', '.#...', '#.#.#', '#..#.', '.##.#'],
};

/** Width in pixels of `text` in dot lettering with cells of `cell` px. */
export function dotTextWidth(text: string, cell: number): number {
  return text.length === 0 ? 0 : (text.length * 6 - 1) * cell;
}

/** Text as round dots (LED sign) or squares (pixels), top-left at (x, y); unknown chars are gaps. */
export function dotText(
  text: string,
  x: number,
  y: number,
  cell: number,
  fill: string,
  shape: 'dot' | 'pixel' = 'dot',
): string {
  const parts: string[] = [];
  [...text.toUpperCase()].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) return;
    glyph.forEach((row, r) => {
      for (let c = 0; c < row.length; c++) {
        if (row[c] !== '#') continue;
        const cx = x + (i * 6 + c) * cell;
        const cy = y + r * cell;
        parts.push(
          shape === 'dot'
            ? `<circle cx="${f(cx + cell / 2)}" cy="${f(cy + cell / 2)}" r="${f(cell * 0.42)}"/>`
            : `<rect x="${f(cx + cell * 0.06)}" y="${f(cy + cell * 0.06)}" width="${f(cell * 0.88)}" height="${f(cell * 0.88)}" rx="${f(cell * 0.18)}"/>`,
        );
      }
    });
  });
  return `<g fill="${fill}">${parts.join('')}</g>`;
}

/** Up to `max` initials of the words of a name, skipping filler words: 'rust meetup córdoba' → 'RMC'. */
export function initials(name: string, max = 3): string {
  const skip = new Set(['hotel', 'de', 'del', 'la', 'las', 'los', 'el', 'y', 'the', '&']);
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w && !skip.has(w.toLowerCase()));
  return words
    .slice(0, max)
    .map((w) => (/^\d+$/.test(w) ? w : w[0]))
    .join('')
    .slice(0, max + 1);
}
