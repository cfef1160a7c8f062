// What other modules may use of the organisation (types only; reached through app.modules.api('org')).
import type { Db } from '../../server/db/connect.js';

export interface OrgApi {
  /** Users of the employees who hold one of the positions (codes) today: an enabled allotment whose date
   *  range holds today, of an enabled employee linked to a user, of an enabled position. */
  usersInPositions(db: Db, positionCodes: readonly string[]): Promise<number[]>;
  /** Which of the codes name an enabled position. */
  knownPositions(db: Db, positionCodes: readonly string[]): Promise<string[]>;
  /** The user heading the user's department (their enabled employee's department, else the nearest department
   *  above it with a head other than the user); null when there is none. */
  departmentHeadOf(db: Db, userId: number): Promise<number | null>;
}
