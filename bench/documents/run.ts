// npm run bench:documents [-- --engines=sqlite,postgres --uploads=50 --size-mb=5 --in-flight=5 --download-mb=10 --downloads=5]
//
// The documents benchmark (not a test): for each engine it starts bench/documents/server.ts in a
// child process (the real API on a throw-away database), then
//  (a) writes the same PDF bytes straight into a table of the same database (one INSERT per file,
//      --in-flight at once): the baseline;
//  (b) uploads them through POST /api/case-resolution/{id}/add-document (multipart, streamed,
//      checked, stored in chunks), --uploads files of --size-mb with --in-flight at once, while the
//      server samples its own memory: peak growth against the bytes in flight;
//  (c) downloads a --download-mb document --downloads times: time to first byte and MB/s, the
//      bytes checked against the upload.
// Prints a table per engine and writes bench/results/documents-<engine>-<timestamp>.json. Targets
// print PASS / MISS and never fail the run; a wrong answer or wrong bytes exit 1.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type BenchChild, startChild } from '../harness/child.js';
import { probePostgres } from '../harness/databases.js';
import { adminDatabaseUrl, type BenchEngine } from '../harness/protocol.js';
import { round, table } from '../harness/stats.js';
import type { DirectReadResult, DirectWriteResult, DocumentsBenchReady, MemoryWindow } from './protocol.js';
import { type DownloadRun, downloadOnce, getJson, MB, mbPerSecond, median, pdfOfSize, postJson, sha256, type UploadFigures, uploadAll } from './transfers.js';

/** Streamed, not copied whole several times: the server's peak memory growth over the bytes in flight. */
const MEMORY_TARGET_FACTOR = 3;
const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    uploads: { type: 'string', default: '50' },
    'size-mb': { type: 'string', default: '5' },
    'in-flight': { type: 'string', default: '5' },
    'download-mb': { type: 'string', default: '10' },
    downloads: { type: 'string', default: '5' },
  },
});
for (const [name, value] of Object.entries(args)) {
  if (name !== 'engines' && !(Number(value) > 0)) throw new Error(`--${name} must be a positive number, got "${value}"`);
}
const options = {
  uploads: Number(args.uploads),
  sizeBytes: Math.round(Number(args['size-mb']) * MB),
  inFlight: Number(args['in-flight']),
  downloadBytes: Math.round(Number(args['download-mb']) * MB),
  downloads: Number(args.downloads),
};
const engines = args.engines.split(',').map((name) => name.trim()) as BenchEngine[];
for (const engine of engines) {
  if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`unknown engine "${engine}" (sqlite, postgres)`);
}


interface EngineReport {
  engine: BenchEngine;
  startedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; loadAverageBefore: number[] };
  options: typeof options;
  direct: DirectWriteResult & { mbPerSecond: number; memory: MemoryWindow };
  /** The warm run's speed; `memory` and `firstRun` are of the first run, on the fresh process. */
  upload: UploadFigures & { firstRun: Pick<UploadFigures, 'ms' | 'mbPerSecond' | 'latencyMs'> };
  uploadOverDirect: number;
  bytesInFlight: number;
  download: { bytes: number; runs: DownloadRun[]; ttfbMsMedian: number; mbPerSecondMedian: number; directReadMbPerSecondMedian: number };
  base64Json: { runs: DownloadRun[]; mbPerSecondMedian: number };
  targets: { name: string; value: number; target: string; met: boolean }[];
}

const verdict = (met: boolean) => (met ? 'PASS' : 'MISS');
const mib = (bytes: number) => round(bytes / MB, 1);

async function benchEngine(engine: BenchEngine): Promise<EngineReport> {
  const startedAt = new Date().toISOString();
  const loadAverageBefore = loadavg().map((value) => round(value, 2));
  console.log(`\n[${engine}] starting the server process…`);
  const child: BenchChild<DocumentsBenchReady> = await startChild<DocumentsBenchReady>(engine, new URL('./server.ts', import.meta.url), {
    nodeOptions: ['--expose-gc'],
  });
  activeChildren.add(child);
  const scratch = join(tmpdir(), `portal-bench-pdf-${randomBytes(6).toString('hex')}.pdf`);
  try {
    const { ready } = child;
    const control = `http://127.0.0.1:${ready.ports.control}`;
    const pdf = await pdfOfSize(options.sizeBytes, 'Benchmark upload');
    writeFileSync(scratch, pdf);

    // Memory first, on the fresh process: its heap has not yet grown for anything else, so the
    // peak over the baseline is what the uploads themselves need.
    console.log(`[${engine}] (b) uploads: ${options.uploads} x ${mib(pdf.length)} MB through the API, ${options.inFlight} in flight (fresh process: memory)`);
    const { uuids: _first, ...firstUpload } = await uploadAll(ready, pdf, options.uploads, options.inFlight);

    console.log(`[${engine}] (a) direct: ${options.uploads} x ${mib(pdf.length)} MB straight into the database, ${options.inFlight} in flight`);
    await postJson(`${control}/memory/reset`);
    const directResult = await postJson<DirectWriteResult>(`${control}/direct-write`, { file: scratch, count: options.uploads, inFlight: options.inFlight });
    const directMemory = await getJson<MemoryWindow>(`${control}/memory`);
    const direct = { ...directResult, ms: round(directResult.ms, 0), mbPerSecond: mbPerSecond(directResult.bytes, directResult.ms), memory: directMemory };

    // The same uploads again right after the baseline, warm: the speed to compare with it.
    console.log(`[${engine}] (b) uploads again, warm`);
    const { uuids: _second, ...secondUpload } = await uploadAll(ready, pdf, options.uploads, options.inFlight);
    const upload = { ...secondUpload, memory: firstUpload.memory, firstRun: { ms: firstUpload.ms, mbPerSecond: firstUpload.mbPerSecond, latencyMs: firstUpload.latencyMs } };

    console.log(`[${engine}] (c) downloads: ${mib(options.downloadBytes)} MB, ${options.downloads} times`);
    const big = await pdfOfSize(options.downloadBytes, 'Benchmark download');
    const [bigUuid] = (await uploadAll(ready, big, 1, 1)).uuids;
    const expected = { sha256: sha256(big), bytes: big.length };
    await downloadOnce(ready, `/api/documents/${bigUuid}/download`, expected); // warm-up
    const runs: DownloadRun[] = [];
    for (let i = 0; i < options.downloads; i += 1) {
      const { body: _body, ...run } = await downloadOnce(ready, `/api/documents/${bigUuid}/download`, expected);
      runs.push(run);
    }
    const directReads: number[] = [];
    for (let i = 0; i < options.downloads; i += 1) {
      const read = await postJson<DirectReadResult>(`${control}/direct-read`, { uuid: bigUuid });
      if (read.bytes !== big.length) throw new Error(`direct read found ${read.bytes} bytes, expected ${big.length}`);
      directReads.push(mbPerSecond(read.bytes, read.ms));
    }
    const jsonRuns: DownloadRun[] = [];
    for (let i = 0; i < options.downloads; i += 1) {
      const { body, ...run } = await downloadOnce(ready, `/api/documents/${bigUuid}`, null);
      const parsed = JSON.parse(body.toString('utf8')) as { pdfContent: string };
      if (sha256(Buffer.from(parsed.pdfContent.slice(parsed.pdfContent.indexOf(',') + 1), 'base64')) !== expected.sha256) {
        throw new Error('the base64 document differs from the upload');
      }
      jsonRuns.push(run);
    }

    const bytesInFlight = options.inFlight * pdf.length;
    const memoryLimit = MEMORY_TARGET_FACTOR * bytesInFlight;
    const report: EngineReport = {
      engine,
      startedAt,
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? 'unknown',
        memoryGiB: round(totalmem() / 2 ** 30, 1),
        node: process.version,
        loadAverageBefore,
      },
      options,
      direct,
      upload,
      uploadOverDirect: round(upload.mbPerSecond / direct.mbPerSecond, 2),
      bytesInFlight,
      download: {
        bytes: big.length,
        runs,
        ttfbMsMedian: median(runs.map((run) => run.ttfbMs)),
        mbPerSecondMedian: median(runs.map((run) => run.mbPerSecond)),
        directReadMbPerSecondMedian: median(directReads),
      },
      base64Json: { runs: jsonRuns, mbPerSecondMedian: median(jsonRuns.map((run) => run.mbPerSecond)) },
      targets: [
        {
          name: 'upload: peak RSS growth (MB)',
          value: mib(upload.memory.peakRssGrowth),
          target: `<= ${mib(memoryLimit)} (${MEMORY_TARGET_FACTOR} x ${mib(bytesInFlight)} in flight)`,
          met: upload.memory.peakRssGrowth <= memoryLimit,
        },
        {
          name: 'upload: peak JS heap + buffers growth (MB)',
          value: mib(upload.memory.peakJsGrowth),
          target: `<= ${mib(memoryLimit)}`,
          met: upload.memory.peakJsGrowth <= memoryLimit,
        },
      ],
    };

    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = `${RESULTS_DIR}documents-${engine}-${startedAt.replace(/[:.]/g, '-')}.json`;
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    printReport(report);
    console.log(`raw figures: ${file}`);
    return report;
  } finally {
    rmSync(scratch, { force: true });
    await child.stop();
    activeChildren.delete(child);
  }
}

function printReport(report: EngineReport): void {
  const { direct, upload, download, base64Json } = report;
  console.log(`\n${report.engine}: ${upload.files} x ${mib(upload.bytes / upload.files)} MB, ${report.options.inFlight} in flight`);
  console.log(
    table(
      ['write', 'MB/s', 'seconds', 'p50 ms/file', 'p95 ms/file', 'peak RSS growth MB', 'peak JS+buffers growth MB'],
      [
        ['(a) straight into the database', direct.mbPerSecond, round(direct.ms / 1000, 2), '-', '-', mib(direct.memory.peakRssGrowth), mib(direct.memory.peakJsGrowth)],
        [
          '(b) POST …/add-document, first (fresh process)',
          upload.firstRun.mbPerSecond,
          round(upload.firstRun.ms / 1000, 2),
          round(upload.firstRun.latencyMs.p50, 0),
          round(upload.firstRun.latencyMs.p95, 0),
          mib(upload.memory.peakRssGrowth),
          mib(upload.memory.peakJsGrowth),
        ],
        [
          '(b) POST …/add-document, again (warm)',
          upload.mbPerSecond,
          round(upload.ms / 1000, 2),
          round(upload.latencyMs.p50, 0),
          round(upload.latencyMs.p95, 0),
          '-',
          '-',
        ],
      ],
    ),
  );
  console.log(`upload (warm) / direct MB/s: ${report.uploadOverDirect}; bytes in flight: ${mib(report.bytesInFlight)} MB`);
  console.log(
    table(
      ['read (median of runs)', 'MB', 'TTFB ms', 'MB/s'],
      [
        ['(c) the chunks straight from the database', mib(download.bytes), '-', download.directReadMbPerSecondMedian],
        ['(c) GET /api/documents/{uuid}/download', mib(download.bytes), download.ttfbMsMedian, download.mbPerSecondMedian],
        ['    GET /api/documents/{uuid} (base64 JSON)', mib(download.bytes), median(base64Json.runs.map((run) => run.ttfbMs)), base64Json.mbPerSecondMedian],
      ],
    ),
  );
  console.log(table(['target', 'value', 'target', ''], report.targets.map((t) => [t.name, t.value, t.target, verdict(t.met)])));
}

const activeChildren = new Set<BenchChild<DocumentsBenchReady>>();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the server processes…`);
    void Promise.all([...activeChildren].map((child) => child.stop())).finally(() => process.exit(130));
  });
}

const reports: EngineReport[] = [];
for (const engine of engines) {
  if (interrupted) break;
  if (engine === 'postgres') {
    const problem = await probePostgres(adminDatabaseUrl());
    if (problem) {
      console.error(`\n!!! PostgreSQL SKIPPED: cannot reach ${adminDatabaseUrl()} (${problem}). Set BENCH_DATABASE_URL or start PostgreSQL.`);
      continue;
    }
  }
  try {
    reports.push(await benchEngine(engine));
  } catch (error) {
    console.error(`[${engine}] benchmark failed:`, error);
    process.exitCode = 1;
  }
}
if (reports.length > 1) {
  console.log('\nsummary');
  console.log(
    table(
      ['engine', 'direct MB/s', 'upload MB/s', 'upload/direct', 'upload peak RSS MB', 'download TTFB ms', 'download MB/s'],
      reports.map((r) => [r.engine, r.direct.mbPerSecond, r.upload.mbPerSecond, r.uploadOverDirect, mib(r.upload.memory.peakRssGrowth), r.download.ttfbMsMedian, r.download.mbPerSecondMedian]),
    ),
  );
}
