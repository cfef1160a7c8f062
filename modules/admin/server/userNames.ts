// Users' display names for other modules (AdminApi.userNames): who created or changed something.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { AdminTables } from '../generated/tables.js';

export async function userNames(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await typed<AdminTables>(db)
    .selectFrom('base_users')
    .select(['user_id', 'user_full_name'])
    .where('user_id', 'in', ids)
    .where('user_full_name', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.user_full_name!]));
}
