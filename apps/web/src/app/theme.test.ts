import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/contrast';
import { PAGE_BACKGROUND, theme } from './theme';

const WHITE = '#ffffff';
const AA = 4.5;

/** The tokens antd derives from the app's theme, as a component under ConfigProvider gets them. */
function tokens(component?: 'Tag' | 'Table') {
  const global = antdTheme.getDesignToken(theme);
  const overrides = component ? (theme.components?.[component] as Record<string, unknown> | undefined) : undefined;
  return { ...global, ...overrides } as unknown as Record<string, string>;
}

describe('theme (WCAG 2.1 AA, 1.4.3: text at least 4.5:1)', () => {
  it.each([
    'colorText',
    'colorError',
    'colorSuccess',
    'colorWarningText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
    'colorTextLabel',
    'colorPrimary',
    'colorLink',
  ])('%s reads at 4.5:1 on white and on the page background', (name) => {
    const color = tokens()[name]!;
    expect(contrastRatio(color, WHITE)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(color, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(AA);
  });

  it("a table's empty text reads at 4.5:1 (antd paints it in the disabled colour)", () => {
    expect(contrastRatio(tokens('Table').colorTextDisabled!, WHITE)).toBeGreaterThanOrEqual(AA);
  });

  it.each([
    'red',
    'volcano',
    'orange',
    'gold',
    'yellow',
    'lime',
    'green',
    'cyan',
    'blue',
    'geekblue',
    'purple',
    'magenta',
  ])('a %s tag: its text reads at 4.5:1 on its background', (color) => {
    const tag = tokens('Tag');
    expect(contrastRatio(tag[`${color}7`]!, tag[`${color}1`]!)).toBeGreaterThanOrEqual(AA);
  });

  it.each([
    ['Success', 'colorSuccess', 'colorSuccessBg'],
    ['Info (processing)', 'colorInfo', 'colorInfoBg'],
    ['Warning', 'colorWarning', 'colorWarningBg'],
    ['Error', 'colorError', 'colorErrorBg'],
  ])('a %s status tag: its text reads at 4.5:1 on its background', (_, text, background) => {
    const tag = tokens('Tag');
    expect(contrastRatio(tag[text]!, tag[background]!)).toBeGreaterThanOrEqual(AA);
  });
});
