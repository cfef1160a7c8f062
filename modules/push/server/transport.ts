// Where frames are numbered, kept for replay and fanned out: in this process (memoryTransport) or, with
// REDIS_URL, in Redis so that every server process sees every frame (redisTransport).

/** What a socket receives: CONTRACT.md "Messages and live push". */
export interface Frame {
  type: string;
  /** Per user, increasing; a reconnecting client sends the last one it saw. */
  seq: number;
  data: unknown;
}

export type FrameListener = (userId: number, frame: Frame, text?: string) => void;

export interface Replay {
  /** The user's frames after the asked seq, oldest first. */
  frames: Frame[];
  /** False when some frames after the asked seq are gone (buffer bound, restart): the client should reload. */
  complete: boolean;
  /** The user's latest seq. */
  last: number;
}

export interface PushTransport {
  readonly kind: 'memory' | 'redis';
  /** Numbers the frame per user, keeps it for replay and hands it to every process's listener. */
  publish(userIds: readonly number[], type: string, data: unknown): Promise<void>;
  /** The same for many users, each with their own frame, in one batch. */
  publishEach(frames: readonly { userId: number; type: string; data: unknown }[]): Promise<void>;
  since(userId: number, seq: number | null): Promise<Replay>;
  /** Called for every frame any process published (this one's too); `text` is the frame's JSON when the
   *  transport already holds it (sent to the sockets as it is, not parsed and written again). */
  onFrame(listener: FrameListener): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The frames after `seq` from one user's buffer (sorted by seq) and whether none are missing. */
export function replayOf(buffer: readonly Frame[], seq: number | null, last: number): Replay {
  if (seq === null) return { frames: [], complete: true, last };
  const frames = buffer.filter((f) => f.seq > seq).sort((a, b) => a.seq - b.seq);
  const expectedFirst = seq + 1;
  const complete = seq <= last && (frames.length === 0 ? seq === last : frames[0].seq === expectedFirst);
  return { frames, complete, last };
}
