// What other modules may use of live push (types only; reached through app.modules.api('push')).
// A frame reaches every open /srm-ws socket of each named user as `{type, seq, data}` (CONTRACT.md
// "Messages and live push"); with REDIS_URL it reaches sockets held by any server process.

/** One frame for one user (`publishEach`): each recipient's own data, e.g. their own message id. */
export interface UserFrame {
  userId: number;
  type: string;
  data: unknown;
}

export interface PushApi {
  /** Sends a frame of `type` ("message", "task", "auction", …) to the users; call it after the commit. */
  publish(userIds: readonly number[], type: string, data: unknown): Promise<void>;
  /** Sends each user their own frame, all in one batch (with Redis: one pipeline of appends, then one
   *  PUBLISH per ~1 MB of frames); for a fan-out whose data differs per recipient. Call it after the commit. */
  publishEach(frames: readonly UserFrame[]): Promise<void>;
}
