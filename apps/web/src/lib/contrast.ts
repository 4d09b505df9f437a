/** Colour contrast (WCAG 2.1) for the theme and for colours chosen at run time (a team's). */

type Rgba = [r: number, g: number, b: number, a: number];

/** '#rgb', '#rrggbb', 'rgb(…)' or 'rgba(…)' to channels 0-255 and alpha 0-1. */
function parse(color: string): Rgba {
  const value = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(value)?.[1];
  if (rgb) {
    const [r = 0, g = 0, b = 0, a = 1] = rgb
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [r, g, b, a];
  }
  throw new Error(`not a colour contrastRatio understands: ${color}`);
}

/** A translucent colour as it shows over an opaque background. */
function over([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba {
  return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a), 1];
}

function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const v = value / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.1 contrast ratio (1 to 21) of text in `foreground` (may be translucent) on an opaque `background`. */
export function contrastRatio(foreground: string, background: string): number {
  const back = parse(background);
  const [light, dark] = [luminance(over(parse(foreground), back)), luminance(back)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG 2.1 AA for normal text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

function toHsl([r, g, b]: Rgba): [h: number, s: number, l: number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h * 60, s, l];
}

function toHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/**
 * The colour to give an antd Tag for a custom colour (a team's). antd paints such a tag's text in that colour on a
 * pale tint of it (the same hue at lightness 0.95), which for most palette colours is under 4.5:1; this keeps the
 * hue and darkens it until the text reads at AA on that tint (antd derives the same tint from the darker colour).
 */
export function readableTagColor(color: string): string {
  const [h, s, l] = toHsl(parse(color));
  const tint = toHex(h, s, 0.95);
  let lightness = l;
  let text = toHex(h, s, lightness);
  while (contrastRatio(text, tint) < AA_TEXT_CONTRAST && lightness > 0) {
    lightness = Math.max(0, lightness - 0.02);
    text = toHex(h, s, lightness);
  }
  return text;
}
