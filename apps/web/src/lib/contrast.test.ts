import { TEAM_COLORS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTagColor } from './contrast';

/** antd's tint behind a custom-coloured tag: the colour's hue and saturation at lightness 0.95. */
function antdTagTint(color: string): string {
  const hex = color.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    d === 0
      ? 0
      : max === r
        ? ((g - b) / d + (g < b ? 6 : 0)) * 60
        : max === g
          ? ((b - r) / d + 2) * 60
          : ((r - g) / d + 4) * 60;
  const a = s * Math.min(0.95, 0.05);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round((0.95 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255);
  };
  return `rgb(${channel(0)}, ${channel(8)}, ${channel(4)})`;
}

describe('contrastRatio', () => {
  it('gives the WCAG ratios: black on white 21, antd grey #8c8c8c on white 3.36, translucent text over its background', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(contrastRatio('#8c8c8c', '#ffffff'), 1);
  });
});

describe('readableTagColor', () => {
  it.each(TEAM_COLORS)('makes a %s team tag read at 4.5:1 on its tint, in the same hue', (color) => {
    const readable = readableTagColor(color);
    expect(contrastRatio(readable, antdTagTint(readable))).toBeGreaterThanOrEqual(4.5);
  });
});
