export interface Page {
  count: number;
  curIndex: number;
  pageRows: number;
  estimated?: boolean;
  /** listByPage: the cursor of the next page (send it back as `after`); absent after the list's last row. */
  after?: string;
  /** aggregate: more groups exist than the answer holds (MAX_GROUPS). */
  truncated?: boolean;
}

export interface Envelope<T> {
  status: 'S' | 'E';
  msg: string;
  data: T;
  page?: Page;
}

export const ok = <T>(data: T, msg = '', page?: Page): Envelope<T> => (page ? { status: 'S', msg, data, page } : { status: 'S', msg, data });
