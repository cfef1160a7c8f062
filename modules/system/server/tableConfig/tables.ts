// The grids a user may keep settings for: every grid of the page definitions, named by the page
// ("base/bankList") or, for the line grids of an edit page, "page#line" ("order/requisitionEdit#lines").
// Settings for a table or column the definitions do not have are refused, so the store holds no junk.
import type { Definitions } from '../../../../meta/definitions.js';

export type TableColumns = ReadonlyMap<string, ReadonlySet<string>>;

export function tableColumnsOf(defs: Definitions): TableColumns {
  const tables = new Map<string, Set<string>>();
  for (const page of defs.pages.values()) {
    if (page.grid) tables.set(page.name, new Set(page.grid.columns.map((c) => c.key)));
    for (const line of page.lines ?? []) tables.set(`${page.name}#${line.name}`, new Set(line.grid.columns.map((c) => c.key)));
  }
  return tables;
}
