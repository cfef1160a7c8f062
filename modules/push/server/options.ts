// The knobs of live push, from the environment (defaults follow SPEC §9 and CONTRACT.md "Signing").
export interface PushOptions {
  /** How often the browser pings and the server checks a socket is alive (SPEC §9: 3,600,000 ms). */
  heartbeatMs: number;
  /** A socket ticket's life: short, single use (CONTRACT.md: at most 5 minutes). */
  ticketSeconds: number;
  /** Frames kept per user for a reconnecting client (its last `seq`); older ones are gone. */
  replayFrames: number;
  /** How long a user's replay buffer lives after its last frame (Redis). */
  replaySeconds: number;
  /** Frames a client may send within `floodWindowMs` before its socket is closed (FLOOD_CLOSE). */
  floodFrames: number;
  floodWindowMs: number;
  /** The largest frame a client may send (bytes); a larger one closes the socket (1009). */
  maxClientFrameBytes: number;
}

const positive = (v: string | undefined, dflt: number) => (v && Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : dflt);

export function pushOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): PushOptions {
  return {
    heartbeatMs: positive(env.SRM_PUSH_HEARTBEAT_MS, 3_600_000),
    ticketSeconds: Math.min(positive(env.SRM_PUSH_TICKET_SECONDS, 60), 300),
    replayFrames: positive(env.SRM_PUSH_REPLAY_FRAMES, 200),
    replaySeconds: positive(env.SRM_PUSH_REPLAY_SECONDS, 86_400),
    floodFrames: positive(env.SRM_PUSH_FLOOD_FRAMES, 30),
    floodWindowMs: positive(env.SRM_PUSH_FLOOD_WINDOW_MS, 10_000),
    maxClientFrameBytes: positive(env.SRM_PUSH_MAX_CLIENT_FRAME, 4096),
  };
}

/** Close codes the browser client acts on (4000–4999 are the application's). */
export const CLOSE = {
  /** Too many frames from the client in the window: it is cut off. */
  FLOOD: 4008,
  /** The session behind the socket ended (logout, expiry, disabled user). */
  SESSION_ENDED: 4401,
  /** The server is shutting down: reconnect later. */
  GOING_AWAY: 1001,
} as const;
