// Signed receipts (issue 20): how many receipts one process lays out and signs per second, what
// issuing one adds to the request that triggers it, and the process's peak memory meanwhile.
//   npm run bench:receipts [-- --receipts=200 --letters=200]
// The receipt is made inside the event's transaction (not after the commit): the event and its
// proof then exist together or not at all, and the answer can link to a receipt that exists.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../apps/api/src/config.js';
import { renderSignedReceipt } from '../../apps/api/src/modules/receipts/pdf.js';
import { loadSigningKey } from '../../apps/api/src/modules/receipts/signing-key.js';
import { layoutOf } from '../../apps/api/src/modules/receipts/wording.js';
import { buildServer } from '../../apps/api/src/server.js';
import { createCitizen } from '../../apps/api/test/helpers/factories.js';

const { values } = parseArgs({
  options: { receipts: { type: 'string', default: '200' }, letters: { type: 'string', default: '200' } },
});
const RECEIPTS = Number(values.receipts);
const LETTERS = Number(values.letters);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const describe = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
};

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

const keysDir = mkdtempSync(join(tmpdir(), 'bench-receipt-keys-'));
try {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'sqlite::memory:',
    SEED_DEMO: 'false',
    RECEIPT_KEYS_DIR: keysDir,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    // One benchmark citizen sends every letter: far past an honest citizen's hourly quota.
    CITIZEN_LETTERS_PER_HOUR: '1000000',
  });
  const key = loadSigningKey(config.receipts);

  // 1. Lay out and sign, nothing else: the receipt's own cost.
  const event = {
    kind: 'letter-sent',
    conversationId: 1,
    letterId: 1,
    ownerId: 1,
    at: new Date().toISOString(),
    department: 'Public Works Department',
    subject: 'Dziura w jezdni na ul. Źródlanej',
    content: 'Proszę o naprawę.',
  } as const;
  const layout = layoutOf(event, { owner: 'Żaneta Łęcka-Ślązak', clerk: null }, 'pl', config.receipts.officeName, 'a'.repeat(64), 'bench-serial');
  for (let n = 0; n < 10; n += 1) await renderSignedReceipt(layout, key); // warm-up
  const signing: number[] = [];
  let size = 0;
  const started = performance.now();
  for (let n = 0; n < RECEIPTS; n += 1) {
    const t0 = performance.now();
    size = (await renderSignedReceipt(layout, key)).length;
    signing.push(performance.now() - t0);
  }
  const perSecond = RECEIPTS / ((performance.now() - started) / 1000);
  console.log(`receipts laid out and signed: ${perSecond.toFixed(1)}/s on one process (${describe(signing)}; ${size} bytes each)`);

  // 2. POST /api/letters end to end (SQLite in memory), the receipt issued in its transaction.
  const app = await buildServer(config);
  try {
    const citizen = await createCitizen(app, { firstName: 'Żaneta', lastName: 'Łęcka-Ślązak' });
    const letters: number[] = [];
    for (let n = 0; n < LETTERS + 10; n += 1) {
      const t0 = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/letters',
        headers: citizen.headers,
        payload: { userID: citizen.user.id, recipient: 'Public Works Department', subject: `Letter ${n}`, content: 'Text of the letter.' },
      });
      if (response.statusCode !== 201) throw new Error(`POST /api/letters answered ${response.statusCode}: ${response.body}`);
      if (n >= 10) letters.push(performance.now() - t0);
    }
    console.log(`POST /api/letters with its receipt: ${describe(letters)} (the receipt's share: the signing figures above)`);
  } finally {
    await app.close();
  }
  console.log(`peak memory (RSS) of the process: ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
} finally {
  clearInterval(sampler);
  rmSync(keysDir, { recursive: true, force: true });
}
