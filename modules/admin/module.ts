// Administration: users, responsibilities, roles, menus and resources, permits, password rules; the
// sign-in and password calls and the shell's who-am-I, menus and buttons. It answers the platform's
// access questions (grants, page menus, permits: server/modules/services.ts AccessData).
import { defineModule } from '../../server/modules/types.js';
import { adminDemo, seedFirstAdmin } from './seed/demo.js';
import { adminOperations } from './server/operations.js';
import { addPageMenu } from './server/pageMenu.js';
import type { AdminApi } from './api.js';
import { createExternalUser, issueInitialPassword } from './server/externalUsers.js';
import { resetPassword } from './server/resetPassword.js';
import { userNames } from './server/userNames.js';
import { assertResponsibilityUserTypes } from './server/respUserType.js';
import { accessData } from './server/accessData.js';
import { activeUsersOfType, contacts, knownResponsibilities, searchUsers, usersById, usersByName, usersWithResponsibility } from './server/directory.js';
import { registerLoginRoutes } from './server/auth/loginRoutes.js';
import { PUBLIC_PASSWORD_PATHS, registerPasswordRoutes } from './server/auth/passwordRoutes.js';
import { registerShellRoutes } from './server/shellRoutes.js';
import { flagAdministratorPassword } from './server/auth/firstPassword.js';

export default defineModule({
  name: 'admin',
  provides: { access: accessData },
  publicPaths: PUBLIC_PASSWORD_PATHS,
  routes(server, { app }) {
    registerLoginRoutes(server, app);
    registerPasswordRoutes(server, app);
    registerShellRoutes(server, app);
  },
  rules: {
    // An internal responsibility never reaches an external user, nor the reverse (both sides of the link).
    baseUsers: { beforeSave: flagAdministratorPassword, afterLines: (ctx, db, id) => assertResponsibilityUserTypes(ctx, db, 'user', id) },
    baseResponsibility: { afterLines: (ctx, db, id) => assertResponsibilityUserTypes(ctx, db, 'resp', id) },
  },
  operations: { ...adminOperations, baseUsers: { resetPassword } },
  api: ({ app }): AdminApi => ({
    addPageMenu: (request, userId) => addPageMenu(app.db, request, userId),
    userNames: (userIds) => userNames(app.db, userIds),
    usersByName,
    usersById,
    contacts,
    searchUsers,
    usersWithResponsibility,
    activeUsersOfType,
    knownResponsibilities,
    createExternalUser,
    issueInitialPassword,
  }),
  seed: { demo: adminDemo, bare: seedFirstAdmin },
});
