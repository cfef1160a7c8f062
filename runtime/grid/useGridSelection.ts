// Row selection is controlled by the caller (`selected` indexes); glide also keeps a current cell. This
// joins the two into glide's GridSelection and reports row changes back, keeping the footer row (glide
// counts it as a row) out of both.
import { useCallback, useMemo, useState } from 'react';
import { CompactSelection, type GridSelection } from '@glideapps/glide-data-grid';

const emptySelection: GridSelection = { columns: CompactSelection.empty(), rows: CompactSelection.empty() };

export function useGridSelection(
  selected: readonly number[],
  rowCount: number,
  summary: boolean,
  onSelectionChange: ((indexes: number[]) => void) | undefined,
): { gridSelection: GridSelection; onGridSelectionChange: (next: GridSelection) => void } {
  const rowSelection = useMemo<GridSelection>(() => {
    let s = CompactSelection.empty();
    for (const i of selected) s = s.add(i);
    // glide counts the footer as a row: with every data row selected it must be "selected" too, or the
    // header box never reads as all-selected and a second click selects again instead of clearing.
    if (summary && rowCount > 0 && selected.length === rowCount) s = s.add(rowCount);
    return { ...emptySelection, rows: s };
  }, [selected, summary, rowCount]);
  const [cellSelection, setCellSelection] = useState<GridSelection['current']>(undefined);
  const gridSelection = useMemo(() => ({ ...rowSelection, current: cellSelection }), [rowSelection, cellSelection]);
  const onGridSelectionChange = useCallback(
    (next: GridSelection) => {
      // The footer row is not data: no cell of it can be selected.
      setCellSelection(next.current && next.current.cell[1] >= rowCount ? undefined : next.current);
      const indexes = next.rows.toArray().filter((i) => i < rowCount);
      if (indexes.join() !== selected.join()) onSelectionChange?.(indexes);
    },
    [rowCount, selected, onSelectionChange],
  );
  return { gridSelection, onGridSelectionChange };
}
