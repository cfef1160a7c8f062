// Keyset paging for a paged list (docs/decisions.md "Keyset paging"): the server answers each full page
// with a cursor of its last row (`page.after`); a page reached from its neighbour (next, or back to one
// seen) is asked for with that cursor, which costs the same on page 5,000 as on page 2. A page jumped to
// from afar has no cursor and is asked for by index. Any change of what is listed (filters, sort, page
// size, list action) forgets every cursor: they name positions in one list only.
export class ListCursors {
  private list = '';
  /** pageIndex → the cursor that starts it (the `after` of the page before). */
  private starts = new Map<number, string>();

  /** The cursor to ask page `pageIndex` of list `list` (its identity as text) with, if one is known. */
  startOf(list: string, pageIndex: number): string | undefined {
    if (list !== this.list) {
      this.list = list;
      this.starts.clear();
    }
    return pageIndex > 1 ? this.starts.get(pageIndex) : undefined;
  }

  /** After a failed load: the next try asks by index (a cursor of an ended session is refused). */
  forget(): void {
    this.starts.clear();
  }

  /** What a load of page `pageIndex` answered: the cursor of the page after it (none at the end). */
  loaded(list: string, pageIndex: number, after: string | undefined): void {
    if (list !== this.list) return;
    if (after) this.starts.set(pageIndex + 1, after);
    else this.starts.delete(pageIndex + 1);
  }
}
