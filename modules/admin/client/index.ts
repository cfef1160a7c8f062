// The signed-in user's own account calls on this module's users family (user centre, change password):
// service slot `account`, which the shell declares (src/app/password.ts).
import { defineClientModule } from '../../../runtime/registry/clientModule';

const USERS = 'baseServer/v1/baseUsersRestful';

export default defineClientModule({
  name: 'admin',
  services: {
    account: {
      changePassword: `${USERS}/changePassword`,
      getUserCenter: `${USERS}/getUserCenter`,
      editUserCenter: `${USERS}/editUserCenter`,
    },
  },
});
