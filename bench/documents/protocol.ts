// What the documents benchmark's server process (server.ts) and its driver (run.ts) tell each other.
import type { BenchCleanup, BenchEngine } from '../harness/protocol.js';

export interface DocumentsBenchReady {
  type: 'ready';
  engine: BenchEngine;
  ports: {
    /** The real API (buildServer). */
    api: number;
    /** Control routes of this process: memory sampling and the direct-write baseline. */
    control: number;
  };
  /** A citizen's bearer token and cases with room for the uploads (a case holds at most 20 documents). */
  token: string;
  caseIds: number[];
  cleanup: BenchCleanup;
}

/** Memory of the server process (bytes), sampled every few milliseconds between reset and read. */
export interface MemoryWindow {
  samples: number;
  baseline: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  peak: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  /** heapUsed + external at its highest, minus the same at the reset: what JavaScript held. */
  peakJsGrowth: number;
  peakRssGrowth: number;
}

/** POST /direct-write: the same bytes inserted straight into a table, one statement per file. */
export interface DirectWriteRequest {
  file: string;
  count: number;
  inFlight: number;
}
export interface DirectWriteResult {
  ms: number;
  bytes: number;
}

/** POST /direct-read: a stored document's chunks read straight from the database, in order. */
export interface DirectReadResult {
  ms: number;
  bytes: number;
}
