import { createContext, useContext } from 'react';
import type { MenuNode } from './menus';

export interface ShellValue {
  menus: readonly MenuNode[];
  openMenu(menu: MenuNode): void;
}

export const ShellContext = createContext<ShellValue>({ menus: [], openMenu: () => undefined });

export function useShell(): ShellValue {
  return useContext(ShellContext);
}
