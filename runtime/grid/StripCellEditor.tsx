// The editor of a fixed-right column's cell. Those cells are DOM in the right strip (glide 6.0.3 freezes
// leading columns only), so glide's overlay cannot open on them; this opens the same CellEditor over the
// cell, in #portal like glide's overlay (Arco popups then count as inside, see editors.tsx), and keeps
// the overlay's rules: Enter commits (not during IME composition: the editor's ImeGuard stops that
// Enter), Escape cancels, a click outside commits, nothing changes unless the editor reported a value.
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { GridCell, Theme } from '@glideapps/glide-data-grid';
import { CellEditor } from './editors.js';
import { isEditCell, type EditCell } from './renderers.js';
import { gridTheme } from './theme.js';

export interface StripCellEditorProps {
  cell: EditCell;
  /** The strip cell's box in the viewport. */
  anchor: { left: number; top: number; width: number; height: number };
  /** `cell` carries the new value; undefined: nothing was changed. */
  onDone(cell?: EditCell): void;
}

export function StripCellEditor({ cell, anchor, onDone }: StripCellEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef<EditCell | undefined>(undefined);
  const done = useRef(false);
  const finish = (c: EditCell | undefined) => {
    if (done.current) return;
    done.current = true;
    onDone(c);
  };
  const finishRef = useRef(finish);
  finishRef.current = finish;

  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) finishRef.current(latest.current);
    };
    document.addEventListener('mousedown', onDown, true);
    return () => document.removeEventListener('mousedown', onDown, true);
  }, []);

  // The grid creates #portal when it mounts (gridPortal.ts).
  const portal = document.getElementById('portal');
  if (!portal) return null;
  const editorProps = {
    value: cell,
    onChange: (c: GridCell) => {
      if (isEditCell(c)) latest.current = c;
    },
    onFinishedEditing: (c?: GridCell) => finish(c && isEditCell(c) ? c : latest.current),
    isHighlighted: false,
    target: { x: anchor.left, y: anchor.top, width: anchor.width, height: anchor.height },
    forceEditMode: true,
    theme: gridTheme as Theme,
  };
  return createPortal(
    <div
      ref={box}
      className="srm-strip-editor"
      data-testid={`strip-editor-${cell.data.key}-${cell.data.row}`}
      style={{
        position: 'fixed',
        left: anchor.left,
        top: anchor.top,
        minWidth: anchor.width,
        minHeight: anchor.height,
        background: '#fff',
        boxShadow: '0 2px 8px rgba(0,0,0,0.15)',
        borderRadius: 2,
        padding: 2,
        boxSizing: 'border-box',
        display: 'flex',
        alignItems: 'center',
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.shiftKey) {
          e.preventDefault();
          finish(latest.current);
        } else if (e.key === 'Escape') {
          finish(undefined);
        }
      }}
    >
      <CellEditor {...editorProps} />
    </div>,
    portal,
  );
}
