// What other modules may use of live push (types only; reached through app.modules.api('push')).
// A frame reaches every open /srm-ws socket of each named user as `{type, seq, data}` (CONTRACT.md
// "Messages and live push"); with REDIS_URL it reaches sockets held by any server process.

export interface PushApi {
  /** Sends a frame of `type` ("message", "task", "auction", …) to the users; call it after the commit. */
  publish(userIds: readonly number[], type: string, data: unknown): Promise<void>;
}
