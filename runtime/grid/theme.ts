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

export const SUMMARY_BG = '#f7f8fa';

/** Cells of the footer (summary) row: their own colours, so the row override below leaves them alone. */
export const summaryTheme: Partial<Theme> = {
  baseFontStyle: '600 13px',
  bgCell: SUMMARY_BG,
  textDark: gridTheme.textDark,
  textMedium: gridTheme.textMedium,
  textLight: gridTheme.textLight,
  accentColor: gridTheme.accentColor,
};

/**
 * The footer row as a whole: glide draws a row-marker checkbox in every row and lets no callback
 * draw that cell, so the footer's checkbox is painted in the background colour (it cannot be
 * selected by the user either: the grid drops the footer from every selection it reports).
 */
export const summaryRowTheme: Partial<Theme> = {
  bgCell: SUMMARY_BG,
  textDark: SUMMARY_BG,
  textMedium: SUMMARY_BG,
  textLight: SUMMARY_BG,
  accentColor: SUMMARY_BG,
  // With every data row selected the footer is marked selected too (DataGrid: glide's header box):
  // no selection tint on its cells and no check mark in its marker.
  accentFg: SUMMARY_BG,
  accentLight: 'rgba(0, 0, 0, 0)',
};
