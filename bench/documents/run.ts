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
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { type BenchChild, startChild } from '../harness/child.js';
import { probePostgres } from '../harness/databases.js';
import { adminDatabaseUrl, type BenchEngine } from '../harness/protocol.js';
import { type Distribution, distribution, mapLimit, round, table } from '../harness/stats.js';
import type { DirectReadResult, DirectWriteResult, DocumentsBenchReady, MemoryWindow } from './protocol.js';

const MB = 1024 * 1024;
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

/** A real one-page PDF, then filler after its end up to exactly `bytes` (random: nothing compresses it). */
async function pdfOfSize(bytes: number, title: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText(title, { x: 50, y: 780, size: 20, font });
  const pdf = Buffer.from(await document.save());
  return Buffer.concat([pdf, Buffer.from('\n%'), randomBytes(Math.max(0, bytes - pdf.length - 2))]).subarray(0, bytes);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const mbPerSecond = (bytes: number, ms: number) => round(bytes / MB / (ms / 1000), 1);
const median = (values: readonly number[]) => distribution(values).p50;

async function postJson<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface UploadFigures {
  files: number;
  bytes: number;
  ms: number;
  mbPerSecond: number;
  latencyMs: Distribution;
  memory: MemoryWindow;
}

/** `count` uploads of `pdf`, `inFlight` at once, spread over the cases; every answer checked. */
async function uploadAll(ready: DocumentsBenchReady, pdf: Buffer, count: number, inFlight: number): Promise<UploadFigures & { uuids: string[] }> {
  const api = `http://127.0.0.1:${ready.ports.api}`;
  const control = `http://127.0.0.1:${ready.ports.control}`;
  await postJson(`${control}/memory/reset`);
  const latencies: number[] = [];
  const started = performance.now();
  // One view the DOM lib's Blob accepts (bench/tsconfig has DOM for the Chromium timings), made once.
  const pdfPart = new Uint8Array(pdf);
  const uuids = await mapLimit(
    Array.from({ length: count }, (_, index) => index),
    inFlight,
    async (index) => {
      const form = new FormData();
      form.append('file', new Blob([pdfPart], { type: 'application/pdf' }), `bench-${index}.pdf`);
      const caseId = ready.caseIds[index % ready.caseIds.length];
      const one = performance.now();
      const response = await fetch(`${api}/api/case-resolution/${caseId}/add-document`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ready.token}` },
        body: form,
      });
      const body = (await response.json()) as { uuid?: string; size?: number };
      latencies.push(performance.now() - one);
      if (response.status !== 201 || body.size !== pdf.length || !body.uuid) {
        throw new Error(`upload ${index} answered ${response.status}: ${JSON.stringify(body)}`);
      }
      return body.uuid;
    },
  );
  const ms = performance.now() - started;
  const memory = await getJson<MemoryWindow>(`${control}/memory`);
  const bytes = pdf.length * count;
  return { files: count, bytes, ms: round(ms, 0), mbPerSecond: mbPerSecond(bytes, ms), latencyMs: distribution(latencies), memory, uuids };
}

interface DownloadRun {
  ttfbMs: number;
  totalMs: number;
  mbPerSecond: number;
}

/** One GET: time to the first body byte and to the last, and the bytes compared with what was uploaded. */
function downloadOnce(ready: DocumentsBenchReady, path: string, expected: { sha256: string; bytes: number } | null): Promise<DownloadRun & { body: Buffer }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let ttfb = 0;
    const parts: Buffer[] = [];
    const request = httpRequest(
      { host: '127.0.0.1', port: ready.ports.api, path, headers: { authorization: `Bearer ${ready.token}` } },
      (response) => {
        response.on('data', (part: Buffer) => {
          if (ttfb === 0) ttfb = performance.now() - started;
          parts.push(part);
        });
        response.on('end', () => {
          const totalMs = performance.now() - started;
          const body = Buffer.concat(parts);
          if (response.statusCode !== 200) return reject(new Error(`${path} answered ${response.statusCode}: ${body.toString().slice(0, 200)}`));
          if (expected && (body.length !== expected.bytes || sha256(body) !== expected.sha256)) {
            return reject(new Error(`${path}: the downloaded bytes differ from the upload`));
          }
          resolve({ ttfbMs: round(ttfb, 1), totalMs: round(totalMs, 1), mbPerSecond: mbPerSecond(body.length, totalMs), body });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
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
