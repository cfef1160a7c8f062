import type { SortItem } from '../data/dataProvider.js';

/** Header click cycles asc → desc → none; one sorted column at a time. */
export function nextSort(current: readonly SortItem[], field: string): SortItem[] {
  const existing = current.find((s) => s.field === field);
  if (!existing) return [{ field, order: 'asc' }];
  if (existing.order === 'asc') return [{ field, order: 'desc' }];
  return [];
}

export function sortMark(current: readonly SortItem[], field: string): '' | ' ↑' | ' ↓' {
  const s = current.find((x) => x.field === field);
  if (!s) return '';
  return s.order === 'asc' ? ' ↑' : ' ↓';
}
