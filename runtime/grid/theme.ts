import type { Theme } from '@glideapps/glide-data-grid';

// Arco's palette so the canvas grid sits with the DOM components around it.
export const gridTheme: Partial<Theme> = {
  accentColor: '#165dff',
  accentLight: 'rgba(22, 93, 255, 0.08)',
  textDark: '#1d2129',
  textMedium: '#4e5969',
  textLight: '#86909c',
  textHeader: '#1d2129',
  bgHeader: '#f7f8fa',
  bgHeaderHovered: '#f2f3f5',
  borderColor: '#e5e6eb',
  fontFamily: '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans Thai", "Helvetica Neue", Arial, sans-serif',
  baseFontStyle: '13px',
  headerFontStyle: '600 13px',
  cellHorizontalPadding: 8,
};
