// Administration answers the platform's access questions (server/modules/services.ts AccessData):
// it owns the users, responsibilities, roles, menus, buttons and permits the answers are built from.
import { typed } from '../../../server/db/typed.js';
import type { AccessData } from '../../../server/modules/services.js';
import { loadGrants } from './grants.js';
import { databaseMenus } from './pageMenus.js';
import { PERMITTED } from './permits.js';
import type { AdminTables } from '../generated/tables.js';
import { grantMenu, seedMenus } from './menuSeed.js';
import { loadRules, ruleViolations } from './auth/passwordRules.js';

export const accessData: AccessData = {
  grantTables: [
    'base_users',
    'base_user_resp',
    'base_responsibility',
    'base_resp_menu',
    'base_resp_resource',
    'base_menu',
    'base_resource',
    // Roles (responsibility → role → menus/resources), when an installation has them.
    'base_role',
    'base_resp_role',
    'base_role_menu',
    'base_role_resource',
  ],
  menuTables: ['base_menu', 'base_resource'],
  loadGrants,
  pageMenus: databaseMenus,
  permitted: (permit, userId, byId) => PERMITTED[permit](userId, byId),
  anyUser: async (db) => (await typed<AdminTables>(db).selectFrom('base_users').select('user_id').limit(1).executeTakeFirst()) !== undefined,
  seedMenus,
  grantMenu,
  // An initial password follows the same complexity rules as one the user chooses (password rules).
  secretViolations: async (db, userName, secret, lang) => ruleViolations(await loadRules(db), userName, secret, lang),
};
