// Live push without Redis: one process, numbers and replay buffers in memory (lost with a restart; a
// client that comes back with a seq the server no longer knows is told to reload).
import { replayOf, type Frame, type FrameListener, type PushTransport } from './transport.js';

export class MemoryTransport implements PushTransport {
  readonly kind = 'memory' as const;
  private readonly seqs = new Map<number, number>();
  private readonly buffers = new Map<number, Frame[]>();
  private readonly listeners: FrameListener[] = [];

  constructor(private readonly replayFrames: number) {}

  async publish(userIds: readonly number[], type: string, data: unknown): Promise<void> {
    for (const userId of userIds) this.append(userId, type, data);
  }

  async publishEach(frames: readonly { userId: number; type: string; data: unknown }[]): Promise<void> {
    for (const f of frames) this.append(f.userId, f.type, f.data);
  }

  private append(userId: number, type: string, data: unknown): void {
    const seq = (this.seqs.get(userId) ?? 0) + 1;
    this.seqs.set(userId, seq);
    const frame: Frame = { type, seq, data };
    const buffer = this.buffers.get(userId) ?? [];
    buffer.push(frame);
    if (buffer.length > this.replayFrames) buffer.splice(0, buffer.length - this.replayFrames);
    this.buffers.set(userId, buffer);
    for (const l of this.listeners) l(userId, frame);
  }

  async since(userId: number, seq: number | null) {
    return replayOf(this.buffers.get(userId) ?? [], seq, this.seqs.get(userId) ?? 0);
  }

  onFrame(listener: FrameListener): void {
    this.listeners.push(listener);
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.seqs.clear();
    this.buffers.clear();
  }
}
