import { createHmac, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { sameMac } from './chain.js';

/**
 * A signed note, kept outside the database, of the chain's head when it was written. A chain
 * cannot show that its newest rows were cut off (what is left still links); the checkpoint can:
 * verify fails when the row it names is gone or differs. `keyedFrom` is the first id that must
 * carry an HMAC: rows before it were written unkeyed by an older version (service.verify).
 */
export interface Checkpoint {
  keyedFrom: number;
  /** The head's id and MAC; null while the chain is empty. */
  id: number | null;
  hash: string | null;
  /** When it was written (ISO instant). */
  at: string;
}

export type CheckpointRead = { status: 'missing' } | { status: 'invalid' } | { status: 'valid'; checkpoint: Checkpoint };

const LAYOUT = 'audit-checkpoint-v1';

function macOf(key: Buffer, checkpoint: Checkpoint): string {
  const fields = [LAYOUT, checkpoint.keyedFrom, checkpoint.id, checkpoint.hash, checkpoint.at];
  return createHmac('sha256', key).update(JSON.stringify(fields)).digest('hex');
}

const isCheckpoint = (value: Record<string, unknown>): boolean =>
  Number.isSafeInteger(value.keyedFrom) &&
  (value.id === null || Number.isSafeInteger(value.id)) &&
  (value.hash === null || typeof value.hash === 'string') &&
  typeof value.at === 'string' &&
  typeof value.mac === 'string';

/** The checkpoint file at `path`, signed with the audit key. */
export function createCheckpointFile(path: string, key: Buffer) {
  const text = (checkpoint: Checkpoint) => `${JSON.stringify({ ...checkpoint, mac: macOf(key, checkpoint) })}\n`;
  const temporary = () => `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;

  return {
    path,

    read(): CheckpointRead {
      let raw: string;
      try {
        raw = readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
        throw error;
      }
      try {
        const value = JSON.parse(raw) as Record<string, unknown>;
        if (value === null || typeof value !== 'object' || !isCheckpoint(value)) return { status: 'invalid' };
        const checkpoint: Checkpoint = {
          keyedFrom: value.keyedFrom as number,
          id: value.id as number | null,
          hash: value.hash as string | null,
          at: value.at as string,
        };
        return sameMac(macOf(key, checkpoint), value.mac as string) ? { status: 'valid', checkpoint } : { status: 'invalid' };
      } catch {
        return { status: 'invalid' };
      }
    },

    /**
     * Writes the first checkpoint unless one exists: a hard link of a complete temporary file
     * fails when the name is taken, so of two processes starting at once exactly one wins and
     * nobody ever reads half a file. True when this call wrote it.
     */
    create(checkpoint: Checkpoint): boolean {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      const staged = temporary();
      writeFileSync(staged, text(checkpoint), { mode: 0o600 });
      try {
        linkSync(staged, path);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        return false;
      } finally {
        rmSync(staged, { force: true });
      }
    },

    /** Replaces the checkpoint as one step (rename), so a reader sees the old or the new one. */
    replace(checkpoint: Checkpoint): void {
      const staged = temporary();
      writeFileSync(staged, text(checkpoint), { mode: 0o600 });
      renameSync(staged, path);
    },
  };
}

export type CheckpointFile = ReturnType<typeof createCheckpointFile>;
