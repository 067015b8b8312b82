import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text, and binaries that are not compressed already (WebAssembly, TrueType). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.wasm', '.ttf']);
/** Below this, the saving is smaller than the request's own overhead. */
const MIN_BYTES = 1024;
/** Brotli's best quality costs seconds on the PDF engine's megabyte; above this size quality 9 is ~5% larger and 10x quicker. */
const BEST_QUALITY_UP_TO = 512 * 1024;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, so the server
 * sends them as they are (@fastify/static `preCompressed`) instead of compressing on each request
 * or not at all. Brotli at (nearly) its best quality: it runs once per build, not per download.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.has(extname(file)) || statSync(file).size < MIN_BYTES) continue;
        const content = readFileSync(file);
        const brotli = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: content.length <= BEST_QUALITY_UP_TO ? constants.BROTLI_MAX_QUALITY : 9, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        const gzip = gzipSync(content, { level: 9 });
        // A compressed copy no smaller than the file is left out: the file itself goes out then.
        if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}
