// What the grid paints over glide's own drawing: the red required mark in headers, and merged rows.
import { useCallback, useMemo } from 'react';
import type { DataEditorProps, GridColumn } from '@glideapps/glide-data-grid';
import type { ColumnModel } from './columns.js';
import type { MergeSpans } from './merge.js';
import { ERROR_RED } from './renderers.js';

/** SPEC §5: the required asterisk is red. Glide draws the title ("* Name"); the "*" is drawn again in red. */
export function useRequiredMarkHeader(columns: readonly GridColumn[]): NonNullable<DataEditorProps['drawHeader']> {
  const requiredIds = useMemo(() => new Set(columns.filter((c) => c.title.startsWith('* ')).map((c) => c.id)), [columns]);
  return useCallback<NonNullable<DataEditorProps['drawHeader']>>(
    (args, drawContent) => {
      drawContent();
      if (!requiredIds.has(args.column.id)) return;
      const { ctx, rect, theme } = args;
      ctx.save();
      ctx.font = `${theme.headerFontStyle} ${theme.fontFamily}`;
      ctx.fillStyle = ERROR_RED;
      ctx.textBaseline = 'middle';
      ctx.fillText('*', rect.x + theme.cellHorizontalPadding, rect.y + rect.height / 2);
      ctx.restore();
    },
    [requiredIds],
  );
}

/** Merged rows (grid.mergeFields): a covered cell paints over the line above it, so the run reads as one cell. */
export function useMergeDrawing(models: readonly ColumnModel[], leading: number, merges: MergeSpans): NonNullable<DataEditorProps['drawCell']> {
  return useCallback<NonNullable<DataEditorProps['drawCell']>>(
    (args, drawContent) => {
      drawContent();
      const model = models[args.col - leading];
      if (!model || merges.get(model.key)?.[args.row] !== 0) return;
      const { ctx, rect, theme } = args;
      ctx.fillStyle = theme.bgCell;
      ctx.fillRect(rect.x + 1, rect.y - 1, rect.width - 2, 2);
    },
    [models, leading, merges],
  );
}
