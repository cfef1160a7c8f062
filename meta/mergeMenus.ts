// Builds the one menu tree the product shows from each module's menus.json: a module's top-level menu
// either stands at the top or hangs (`parent`) under a folder of any module; siblings are ordered by
// `seq`; `buttons` expand to the standard resources. Everything downstream sees a plain tree.
import type { Menu } from './generated/definitions.js';
import { STANDARD_BUTTONS, expandButtons } from './standardButtons.js';

export interface ModuleMenus {
  module: string;
  file: string;
  menus: Menu[];
}

type Placed = { menu: Menu; seq: number; order: number };

/** The module file each attached menu came from, so that a problem names the file to fix. */
const origin = new WeakMap<Menu, string>();

function expand(menu: Menu, parentFile: string, problems: string[]): Menu {
  const file = origin.get(menu) ?? parentFile;
  const { buttons, parent: _parent, seq: _seq, children, ...rest } = menu;
  const out: Menu = { ...rest };
  if (buttons) {
    const { codes, unknown } = expandButtons(buttons);
    for (const u of unknown) problems.push(`${file} menu ${menu.menuCode}: /buttons ${u} is neither a button set nor a standard button`);
    const own = menu.resources ?? [];
    for (const c of codes) if (own.some((r) => r.resourceCode === c)) problems.push(`${file} menu ${menu.menuCode}: ${c} is in /buttons and /resources`);
    out.resources = [...codes.map((c) => ({ resourceCode: c, name: STANDARD_BUTTONS[c] })), ...own];
  }
  if (children)
    out.children = ordered(
      children.map((c, i) => ({ menu: c, seq: c.seq ?? (i + 1) * 10, order: i })),
      file,
      problems,
    );
  return out;
}

function ordered(items: Placed[], file: string, problems: string[]): Menu[] {
  return [...items].sort((a, b) => a.seq - b.seq || a.order - b.order).map((p) => expand(p.menu, file, problems));
}

export function mergeModuleMenus(all: ModuleMenus[]): { menus: Menu[]; problems: string[] } {
  const problems: string[] = [];
  const top: (Placed & { file: string })[] = [];
  const attached = new Map<string, (Placed & { file: string })[]>();
  let order = 0;
  for (const m of all) {
    for (const [i, menu] of m.menus.entries()) {
      const placed = { menu, seq: menu.seq ?? (i + 1) * 10, order: order++, file: m.file };
      if (menu.parent) attached.set(menu.parent, [...(attached.get(menu.parent) ?? []), placed]);
      else top.push(placed);
    }
  }
  // Attach first (on the raw tree), then expand: a folder may receive menus from several modules.
  const folders = new Map<string, Menu>();
  const index = (ms: Menu[]) => {
    for (const m of ms) {
      if (m.menuType === 'DIR') folders.set(m.menuCode, m);
      index(m.children ?? []);
    }
  };
  index(top.map((t) => t.menu));
  const hung = new Map<string, Menu>();
  for (const [parent, items] of attached) {
    const folder = folders.get(parent);
    if (!folder) {
      for (const it of items) problems.push(`${it.file} menu ${it.menu.menuCode}: /parent ${parent} is not a folder (DIR) of any module`);
      continue;
    }
    const own = (folder.children ?? []).map((c, i) => ({ ...c, seq: c.seq ?? (i + 1) * 10 }));
    const guests = items.map((it) => {
      const guest: Menu = { ...it.menu, parent: undefined, seq: it.seq };
      origin.set(guest, it.file);
      return guest;
    });
    hung.set(parent, { ...folder, children: [...own, ...guests] });
  }
  const replace = (m: Menu): Menu => {
    const h = hung.get(m.menuCode) ?? m;
    if (!h.children) return h;
    const out = { ...h, children: h.children.map(replace) };
    const from = origin.get(h);
    if (from) origin.set(out, from);
    return out;
  };
  const byFile = new Map(top.map((t) => [t.menu, t.file]));
  const menus = [...top].sort((a, b) => a.seq - b.seq || a.order - b.order).map((t) => expand(replace(t.menu), byFile.get(t.menu) ?? t.file, problems));
  return { menus, problems };
}
