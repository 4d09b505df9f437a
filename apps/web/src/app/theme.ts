import type { ThemeConfig } from 'antd';

export const PRIMARY_COLOR = '#2450c7';
export const PAGE_BACKGROUND = '#f4f6fb';

/**
 * Greys that read at WCAG 2.1 AA (4.5:1) on white and on the page background. antd's defaults are translucent
 * black at 45% (secondary text, descriptions: 3.36:1 on white) and 25% (placeholders: 1.83:1).
 */
const TEXT_SECONDARY = '#595959';
const TEXT_TERTIARY = '#6b6b6b';

/**
 * A tag's text is its palette's 7th shade on the 1st; for these the 7th is too light (down to 2:1 for yellow), so
 * their tags take a darker shade of the same hue (antd's 8th or 9th). Status tags likewise.
 */
const READABLE_TAG_SHADES = {
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
  colorSuccess: '#237804',
  colorWarning: '#ad4e00',
  colorError: '#cf1322',
};

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    // Status colours are also text (danger buttons, form errors, a positive net amount, progress figures): AA too.
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    // antd derives these tints from the seed above, too grey from a dark one: antd's own light tints.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorTextSecondary: TEXT_SECONDARY,
    colorTextDescription: TEXT_SECONDARY,
    colorTextTertiary: TEXT_TERTIARY,
    colorTextPlaceholder: TEXT_TERTIARY,
    colorInfo: PRIMARY_COLOR,
    colorBgLayout: PAGE_BACKGROUND,
    borderRadius: 8,
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 24px', headerHeight: 64 },
    Menu: { itemBorderRadius: 8, itemMarginInline: 12, itemHeight: 44, activeBarBorderWidth: 0 },
    Button: { controlHeightLG: 44 },
    Input: { controlHeightLG: 44 },
    // A table's empty text is painted in the disabled colour: it is content, so it gets a readable grey.
    Table: { colorTextDisabled: TEXT_TERTIARY },
    Tag: READABLE_TAG_SHADES,
  },
};
