import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Cluster } from '../../scripts/cluster.js';
import { api } from '../../scripts/cluster-client.js';
import { type AuditRow, auditKey, exactlyOnce, type OnceCheck } from './row-check.js';
import { acked, tag, type World } from './world.js';

// After a run of bench:load: every acknowledged write is in the database exactly once, the audit
// chain is intact, and a sample of receipts reads as its own letter.

/** Letters whose receipt is read back with pdftotext after the run (each a download and a spawn). */
const RECEIPT_SAMPLE = 25;

export interface Verdict {
  checks: OnceCheck[];
  chain: string;
  chainIntact: boolean;
  receiptTexts: string;
  receiptTextsRight: boolean;
}

export async function verify(cluster: Cluster, world: World): Promise<Verdict> {
  const client = new pg.Client({ connectionString: cluster.postgres.ownerUrl });
  await client.connect();
  const checks: OnceCheck[] = [];
  try {
    const keys = async (query: string) => (await client.query<{ key: string }>(query)).rows.map((row) => row.key);
    checks.push(exactlyOnce('letters', acked.letters, await keys(`select subject as key from letters where subject like 'load ${tag}%'`)));
    checks.push(exactlyOnce('messages', acked.messages, await keys(`select content as key from messages where content like 'load ${tag}%'`)));
    checks.push(exactlyOnce('cases', acked.cases, await keys(`select comments as key from case_resolutions where comments like 'load ${tag}%'`)));
    checks.push(exactlyOnce('documents', acked.documents, await keys(`select name as key from documents where name like 'load-${tag}-%'`)));
    // Each audit row with the receipt it names: a receipt row is matched by the receipt's reference.
    const audit = await client.query<AuditRow>(
      `select a.action, a.entity_type, a.entity_id, a.after_json, r.reference as receipt_reference
         from audit_log a left join receipts r on a.entity_type = 'receipt' and r.id::text = a.entity_id
        where a.action in ('receipt.issue', 'conversation.take', 'conversation.resolve')`,
    );
    checks.push(exactlyOnce('audit rows', acked.audit, audit.rows.map(auditKey)));
  } finally {
    await client.end();
  }
  const verdict = await api<{ intact: boolean; checked: number }>(cluster.url, 'GET', '/api/audit/verify', world.admin);
  const chainIntact = verdict.status === 200 && verdict.body.intact;
  const chain = chainIntact ? `✓ ${verdict.body.checked} rows` : `✗ ${verdict.status} ${JSON.stringify(verdict.body)}`;
  const receipts = await receiptTexts(world);
  return { checks, chain, chainIntact, receiptTexts: receipts.text, receiptTextsRight: receipts.right };
}

/**
 * Every letter made a signed receipt in a long-running process: a sample of them, read back with
 * pdftotext, must each name its own letter (reference L-<id>) and subject.
 */
async function receiptTexts(world: World): Promise<{ text: string; right: boolean }> {
  const sample = [...world.letters.entries()].sort(() => Math.random() - 0.5).slice(0, RECEIPT_SAMPLE);
  const dir = mkdtempSync(join(tmpdir(), 'load-receipts-'));
  const wrong: string[] = [];
  try {
    for (const [conversationId, { letterId, subject, author }] of sample) {
      const list = await api<{ id: number; kind: string }[]>(world.url, 'GET', `/api/receipts/conversation/${conversationId}`, author);
      const receipt = Array.isArray(list.body) ? list.body.find((item) => item.kind === 'letter-sent') : undefined;
      const response = receipt ? await fetch(`${world.url}/api/receipts/${receipt.id}`, { headers: author.headers }).catch(() => null) : null;
      if (!response?.ok) {
        wrong.push(`L-${letterId}: no receipt (${list.status}, ${response?.status ?? 'not asked'})`);
        continue;
      }
      const file = join(dir, `${letterId}.pdf`);
      writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      const text = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
      if (!text.includes(`L-${letterId}`) || !text.includes(subject)) wrong.push(`L-${letterId}: ${text.slice(0, 160)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (wrong.length > 0) console.log(`  receipts whose text is not their own: ${wrong.join('; ')}`);
  return { text: wrong.length === 0 ? `✓ ${sample.length} of ${sample.length}` : `✗ ${wrong.length} of ${sample.length} wrong`, right: wrong.length === 0 };
}
