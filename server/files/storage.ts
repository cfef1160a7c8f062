// Where file bytes live. The server only speaks this interface, so an S3-compatible store can take
// the local one's place; keys are content addresses (SHA-256 hex), never a user's file name.
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface FileStorage {
  /** A fresh path for staging an upload on local disk before it is put. */
  stagingPath(): Promise<string>;
  /** Moves a finished staged file in under `key` (content address); a key already present is kept. */
  putStaged(key: string, stagedPath: string): Promise<void>;
  /** The bytes (or a range of them) as a stream. */
  get(key: string, range?: ByteRange): Readable;
  /** Size in bytes, or null when the key is absent. */
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{64}$/;

/** DATA_DIR/files/objects/ab/cd/<sha256>; staging in DATA_DIR/files/tmp on the same file system. */
export class LocalFileStorage implements FileStorage {
  readonly objects: string;
  readonly tmp: string;

  constructor(readonly root: string) {
    this.objects = join(root, 'objects');
    this.tmp = join(root, 'tmp');
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error('bad storage key');
    return join(this.objects, key.slice(0, 2), key.slice(2, 4), key);
  }

  async stagingPath(): Promise<string> {
    await mkdir(this.tmp, { recursive: true });
    return join(this.tmp, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  }

  async putStaged(key: string, stagedPath: string): Promise<void> {
    const target = this.pathOf(key);
    if (await this.exists(key)) {
      await unlink(stagedPath).catch(() => {});
      return;
    }
    await mkdir(join(target, '..'), { recursive: true });
    await rename(stagedPath, target);
  }

  get(key: string, range?: ByteRange): Readable {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end, highWaterMark: 256 * 1024 } : { highWaterMark: 256 * 1024 });
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch {
      return null;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
