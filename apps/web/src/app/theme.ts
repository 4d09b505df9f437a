import type { ThemeConfig } from 'antd';

export const PRIMARY_COLOR = '#2450c7';
export const PAGE_BACKGROUND = '#f4f6fb';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorInfo: PRIMARY_COLOR,
    colorBgLayout: PAGE_BACKGROUND,
    borderRadius: 8,
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 24px', headerHeight: 64 },
    Menu: { itemBorderRadius: 8, itemMarginInline: 12, itemHeight: 44, activeBarBorderWidth: 0 },
    Button: { controlHeightLG: 44 },
    Input: { controlHeightLG: 44 },
  },
};
