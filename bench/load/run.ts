// npm run bench:load [-- --duration=60 --processes=1,2,3 --step=10] [-- --rate=20]
// Mixed load through nginx on the cluster of scripts/cluster.ts (shared PostgreSQL, fresh database):
// citizens write letters and chat, clerks take, reply and resolve, obligation and case reads, PDF
// uploads and downloads. Per process count: the rate is raised step by step (--step seconds each)
// while p99 < 100 ms; the highest such rate then runs for --duration seconds. Afterwards every
// acknowledged letter, message, case, document and audit row is looked up (exactly once, the audit
// rows one by one by the ids the answers gave), the audit chain verified, and a sample of the
// letters' receipts read with pdftotext. Ends with the README's tables in Markdown.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { type Cluster, start } from '../../scripts/cluster.js';
import { api, LOAD_ENV, letterBody, login, messageBody, registerCitizen, type Session } from '../../scripts/cluster-client.js';
import { distribution, round } from '../harness/stats.js';
import { type AuditRow, auditKey, describeCheck, exactlyOnce, expectedAudit, type OnceCheck, passed } from './row-check.js';

const CASE_DOCUMENTS_MAX = 20; // @portal/contract's, the documents a case may hold

const argument = (name: string, fallback: string): string =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const DURATION_S = Number(argument('duration', '60'));
const STEP_S = Number(argument('step', '10'));
const PROCESS_COUNTS = argument('processes', '1,2,3').split(',').map(Number);
/** --rate=N: no search, the run goes at N/s (to compare two builds at the same rate, alternately on a busy machine). */
const FIXED_RATE = Number(argument('rate', '0'));
const P99_LIMIT_MS = 100;
/** Operations per second of the first step; each further step x1.4 (or /1.4 down to MIN_RATE when the first fails). */
const START_RATE = 20;
const MIN_RATE = 5;
const CITIZENS = 20;
/** Letters whose receipt is read back with pdftotext after the run (each a download and a spawn). */
const RECEIPT_SAMPLE = 25;

type Kind = 'letter' | 'citizen message' | 'take' | 'clerk reply' | 'resolve' | 'obligations' | 'cases' | 'case details' | 'upload PDF' | 'download PDF';
const MIX: [Kind, number][] = [
  ['letter', 8],
  ['citizen message', 16],
  ['take', 6],
  ['clerk reply', 14],
  ['resolve', 3],
  ['obligations', 15],
  ['cases', 12],
  ['case details', 8],
  ['upload PDF', 6],
  ['download PDF', 12],
];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);
function pick(): Kind {
  let roll = Math.random() * MIX_TOTAL;
  for (const [kind, weight] of MIX) if ((roll -= weight) < 0) return kind;
  return 'obligations';
}
const any = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

interface World {
  url: string;
  citizens: { who: Session; caseId: number; documents: number; conversations: number[] }[];
  /** conversation id -> its letter's id and the letter's author, as POST /api/letters answered. */
  letters: Map<number, { letterId: number; subject: string; author: Session }>;
  clerks: Session[];
  admin: Session;
  open: number[];
  taken: { id: number; clerk: Session }[];
  /** Conversations a resolve was sent for (no more citizen messages to them). */
  resolved: Set<number>;
  documents: string[];
  pdf: Buffer;
}

/**
 * What the API acknowledged in the current cluster's database, for the check afterwards: the unique
 * text of each letter, message, case and document, and the key of each audit row (row-check.ts).
 */
const newAcked = () => ({ letters: new Set<string>(), messages: new Set<string>(), documents: new Set<string>(), cases: new Set<string>(), audit: new Set<string>() });
let acked = newAcked();
let counter = 0;
const tag = randomBytes(3).toString('hex');

async function upload(world: World, citizen: World['citizens'][number]): Promise<number> {
  // A case holds at most CASE_DOCUMENTS_MAX (20): a citizen with a full case opens the next one.
  if (citizen.documents >= CASE_DOCUMENTS_MAX) {
    citizen.caseId = await openCase(world.url, citizen.who);
    citizen.documents = 0;
  }
  citizen.documents++;
  const { who, caseId } = citizen;
  const name = `load-${tag}-${++counter}.pdf`;
  const boundary = `----load${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    world.pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await fetch(`${world.url}/api/case-resolution/${caseId}/add-document`, {
    method: 'POST',
    headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  }).catch(() => null);
  if (!response) return 0;
  const answer = (await response.json().catch(() => null)) as { uuid?: string; documentName?: string } | null;
  if (response.status === 201 && answer?.uuid && answer.documentName) {
    acked.documents.add(answer.documentName);
    acked.audit.add(expectedAudit.documentAdded(caseId, answer.documentName));
    world.documents.push(answer.uuid);
  }
  return response.status;
}

async function operate(world: World, kind: Kind): Promise<number> {
  const citizen = any(world.citizens);
  const clerk = any(world.clerks);
  if (!citizen || !clerk) return 0;
  switch (kind) {
    case 'letter': {
      const subject = `load ${tag} letter ${++counter}`;
      const answer = await api<{ id: number; letterId: number }>(world.url, 'POST', '/api/letters', citizen.who, letterBody(citizen.who, subject));
      if (answer.status === 201) {
        acked.letters.add(subject);
        acked.audit.add(expectedAudit.letterSent(answer.body.letterId));
        world.letters.set(answer.body.id, { letterId: answer.body.letterId, subject, author: citizen.who });
        citizen.conversations.push(answer.body.id);
        world.open.push(answer.body.id);
      }
      return answer.status;
    }
    case 'citizen message': {
      const id = any(citizen.conversations.filter((conversation) => !world.resolved.has(conversation)));
      if (id === undefined) return operate(world, 'letter');
      const content = `load ${tag} message ${++counter}`;
      const answer = await api(world.url, 'POST', `/api/conversations/${id}/messages/send`, citizen.who, messageBody(id, citizen.who, content));
      if (answer.status === 201) acked.messages.add(content);
      return answer.status === 409 ? 201 : answer.status; // resolved meanwhile: the right refusal
    }
    case 'take': {
      const id = world.open.shift();
      if (id === undefined) return operate(world, 'letter');
      const answer = await api(world.url, 'PUT', `/api/conversations/${id}/take?employeeId=${clerk.id}`, clerk);
      if (answer.status === 200) {
        world.taken.push({ id, clerk });
        acked.audit.add(expectedAudit.take(id));
      }
      return answer.status;
    }
    case 'clerk reply': {
      const conversation = any(world.taken);
      if (!conversation) return operate(world, 'take');
      const content = `load ${tag} reply ${++counter}`;
      const answer = await api(world.url, 'POST', `/api/conversations/${conversation.id}/messages/send`, conversation.clerk, messageBody(conversation.id, conversation.clerk, content));
      if (answer.status === 201) acked.messages.add(content);
      return answer.status === 409 ? 201 : answer.status;
    }
    case 'resolve': {
      const conversation = world.taken.shift();
      if (!conversation) return operate(world, 'take');
      world.resolved.add(conversation.id);
      const answer = await api(world.url, 'PUT', `/api/conversations/${conversation.id}/status`, conversation.clerk, { status: 'RESOLVED' });
      const letter = world.letters.get(conversation.id);
      if (answer.status === 200) {
        acked.audit.add(expectedAudit.resolve(conversation.id));
        if (letter) acked.audit.add(expectedAudit.resolvedReceipt(letter.letterId));
      }
      return answer.status;
    }
    case 'obligations':
      return (await api(world.url, 'GET', `/api/financial-obligations/by-interest-id/${citizen.who.id}`, citizen.who)).status;
    case 'cases':
      return (await api(world.url, 'GET', `/api/case-resolution/user/${citizen.who.id}`, citizen.who)).status;
    case 'case details':
      return (await api(world.url, 'GET', `/api/case-resolution/details/${citizen.caseId}`, clerk)).status;
    case 'upload PDF':
      return upload(world, citizen);
    case 'download PDF': {
      const uuid = any(world.documents);
      if (!uuid) return upload(world, citizen);
      const response = await fetch(`${world.url}/api/documents/${uuid}/download`, { headers: clerk.headers }).catch(() => null);
      if (!response) return 0;
      await response.arrayBuffer();
      return response.status;
    }
  }
}
async function setUp(cluster: Cluster): Promise<World> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText('Vehicle registration certificate', { x: 50, y: 780, size: 20, font });
  const pdf = Buffer.from(await document.save());
  const world: World = {
    url: cluster.url,
    citizens: [],
    clerks: [await login(cluster.url, 'jkowalski', 'Employee123'), await login(cluster.url, 'mwisniewska', 'Employee123')],
    admin: await login(cluster.url, 'admin', 'Admin1234'),
    letters: new Map(),
    open: [],
    taken: [],
    resolved: new Set(),
    documents: [],
    pdf,
  };
  for (let i = 0; i < CITIZENS; i++) {
    const who = await registerCitizen(cluster.url);
    world.citizens.push({ who, caseId: await openCase(cluster.url, who), documents: 0, conversations: [] });
  }
  return world;
}

async function openCase(url: string, who: Session): Promise<number> {
  const comments = `load ${tag} case ${++counter}`;
  const created = await api<{ id: number }>(url, 'POST', '/api/case-resolution/create/VehicleRegistration', who, {
    caseResolutionDTO: { caseType: 'VEHICLE_REGISTRATION', comments, userId: who.id },
    vehicleRegistrationDTO: {
      vehicleNumberPlate: `KR ${10000 + (counter % 90000)}`,
      vehicleMake: 'Skoda',
      vehicleModel: 'Octavia',
      vehicleYear: 2019,
      registrationDate: '2024-05-02',
      vehicleColor: 'Blue',
      vehicleVin: `TMBJJ7NE8K0${String(100000 + (counter % 900000)).padStart(6, '0')}`,
      vehicleType: 'SEDAN',
    },
  });
  if (created.status !== 201) throw new Error(`case: ${created.status} ${JSON.stringify(created.body)}`);
  acked.cases.add(comments);
  acked.audit.add(expectedAudit.caseSubmitted(created.body.id));
  return created.body.id;
}

interface StepResult {
  rate: number;
  achieved: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  requests: number;
  /** kind status -> count, of the answers that were not 2xx */
  failures: Record<string, number>;
  /** Per kind of operation: how many, p50, p99 and max ms (which operations make the tail). */
  kinds: Partial<Record<Kind, { count: number; p50: number; p99: number; max: number }>>;
  /** p99 and max ms by which the generator started an operation after it was due (its own lateness). */
  late: { p99: number; max: number };
}

/** Open loop: operations start at `rate` per second whatever the answers do, for `seconds`. */
async function runAt(world: World, rate: number, seconds: number): Promise<StepResult> {
  const latencies: number[] = [];
  const byKind = new Map<Kind, number[]>();
  const lateness: number[] = [];
  let errors = 0;
  const failures: Record<string, number> = {};
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      (async () => {
        // From the time the operation was due, not when the generator got to it: a late start
        // (this process or the box behind) counts, instead of hiding the queue (coordinated omission).
        const kind = pick();
        lateness.push(performance.now() - due);
        const status = await operate(world, kind);
        const latency = performance.now() - due;
        latencies.push(latency);
        const ofKind = byKind.get(kind);
        if (ofKind) ofKind.push(latency);
        else byKind.set(kind, [latency]);
        if (status < 200 || status >= 300) {
          errors++;
          failures[`${kind} ${status}`] = (failures[`${kind} ${status}`] ?? 0) + 1;
        }
      })(),
    );
  }
  await Promise.all(pending);
  const wall = (performance.now() - started) / 1000;
  const figures = distribution(latencies);
  const kinds: StepResult['kinds'] = {};
  for (const [kind] of MIX) {
    const values = byKind.get(kind);
    if (!values) continue;
    const of = distribution(values);
    kinds[kind] = { count: of.count, p50: round(of.p50), p99: round(of.p99), max: round(of.max) };
  }
  const late = distribution(lateness);
  return {
    rate,
    achieved: round(latencies.length / wall),
    p50: round(figures.p50),
    p95: round(figures.p95),
    p99: round(figures.p99),
    errors,
    requests: latencies.length,
    failures,
    kinds,
    late: { p99: round(late.p99), max: round(late.max) },
  };
}

interface Verdict {
  checks: OnceCheck[];
  chain: string;
  chainIntact: boolean;
  receiptTexts: string;
  receiptTextsRight: boolean;
}

async function verify(cluster: Cluster, world: World): Promise<Verdict> {
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

/** CPU seconds (user + system) of one process so far, from /proc; 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command's ") ".
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Busy and total CPU seconds of the whole machine so far (/proc/stat, every core). */
function machineSeconds(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
  const ticks = values.map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
  return { busy: (total - idle) / 100, total: total / 100 };
}

/**
 * Where the machine's CPU went during a run: what the box limits. PostgreSQL's backends of the
 * cluster's database come and go with the pools, so they are looked up every second and each one's
 * CPU is taken from its first sighting (0 for one that started during the run) to its last.
 */
async function cpuProbe(cluster: Cluster): Promise<() => Promise<string>> {
  const client = new pg.Client({ connectionString: cluster.postgres.ownerUrl });
  await client.connect();
  const backendPids = async () =>
    (await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((row) => row.pid);
  const backends = new Map<number, { first: number; last: number }>();
  const sight = (pids: number[], first: (pid: number) => number) => {
    for (const pid of pids) {
      const now = cpuSeconds(pid);
      const known = backends.get(pid);
      if (known) known.last = Math.max(known.last, now);
      else backends.set(pid, { first: first(pid), last: now });
    }
  };
  sight(await backendPids(), cpuSeconds);
  const sampler = setInterval(() => {
    void backendPids().then((pids) => sight(pids, () => 0), () => undefined);
  }, 1000);
  const nginxPid = Number(readFileSync(join(cluster.dir, 'nginx.pid'), 'utf8').trim());
  const fixed: Record<string, number[]> = { API: cluster.processes.map((child) => child.pid), nginx: [nginxPid] };
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + cpuSeconds(pid), 0);
  const before = Object.fromEntries(Object.entries(fixed).map(([name, pids]) => [name, sum(pids)]));
  const generatorBefore = process.cpuUsage();
  const machineBefore = machineSeconds();
  const startedAt = performance.now();
  return async () => {
    clearInterval(sampler);
    sight(await backendPids(), () => 0);
    await client.end();
    const wall = (performance.now() - startedAt) / 1000;
    const machine = machineSeconds();
    const cores = (seconds: number) => (seconds / wall).toFixed(2);
    const generator = process.cpuUsage(generatorBefore);
    const postgres = [...backends.values()].reduce((total, { first, last }) => total + Math.max(0, last - first), 0);
    const parts = Object.entries(fixed).map(([name, pids]) => `${name} ${cores(sum(pids) - (before[name] ?? 0))}`);
    parts.splice(1, 0, `PostgreSQL ${cores(postgres)}`);
    parts.push(`generator ${cores((generator.user + generator.system) / 1e6)}`);
    const busy = machine.busy - machineBefore.busy;
    const capacity = machine.total - machineBefore.total;
    return `${cores(busy)} of ${(capacity / wall).toFixed(1)} busy (${parts.join(', ')})`;
  };
}

interface Outcome {
  processes: number;
  steps: (StepResult & { passed: boolean })[];
  run: StepResult;
  /** Whether the run at the chosen rate itself stayed under the limit. */
  runPassed: boolean;
  verdict: Verdict;
  cpu: string;
  load: string;
}

const describeKinds = (step: StepResult): string =>
  Object.entries(step.kinds)
    .sort(([, a], [, b]) => (b?.p99 ?? 0) - (a?.p99 ?? 0))
    .map(([kind, of]) => `${kind} ${of?.p50} / ${of?.p99} / ${of?.max}`)
    .join(', ');

const stepPassed = (step: StepResult, rate: number): boolean => step.p99 < P99_LIMIT_MS && step.errors === 0 && step.achieved >= rate * 0.9;
const load = () => loadavg()[0]?.toFixed(1) ?? '?';

async function measure(processes: number): Promise<Outcome> {
  acked = newAcked();
  const loadBefore = load();
  const cluster = await start({ processes, env: { ...LOAD_ENV, SEED_DEMO: 'true', LOG_LEVEL: 'error' } });
  try {
    const world = await setUp(cluster);
    await runAt(world, START_RATE, 5); // warm-up: JIT of every process, pools, prepared statements
    const steps: Outcome['steps'] = [];
    let best: StepResult | null = null;
    for (let rate = START_RATE; FIXED_RATE === 0; rate = Math.round(rate * 1.4)) {
      const step = await runAt(world, rate, STEP_S);
      const ok = stepPassed(step, rate);
      steps.push({ ...step, passed: ok });
      const failed = Object.keys(step.failures).length > 0 ? ` ${JSON.stringify(step.failures)}` : '';
      console.log(`  ${processes} process(es), ${rate}/s: achieved ${step.achieved}/s, p50 ${step.p50} p95 ${step.p95} p99 ${step.p99} ms, ${step.errors} errors${failed}${ok ? '' : ' (stop)'}`);
      console.log(`    per operation (p50 / p99 / max ms): ${describeKinds(step)}; generator late p99 ${step.late.p99} ms`);
      if (!ok) break;
      best = step;
    }
    // A machine too busy for the first step: down by the same factor, so there is still a figure.
    for (let rate = Math.round(START_RATE / 1.4); FIXED_RATE === 0 && !best && rate >= MIN_RATE; rate = Math.round(rate / 1.4)) {
      const step = await runAt(world, rate, STEP_S);
      const ok = stepPassed(step, rate);
      steps.push({ ...step, passed: ok });
      console.log(`  ${processes} process(es), ${rate}/s: achieved ${step.achieved}/s, p50 ${step.p50} p95 ${step.p95} p99 ${step.p99} ms, ${step.errors} errors${ok ? '' : ' (lower)'}`);
      if (ok) best = step;
    }
    const rate = FIXED_RATE || (best?.rate ?? MIN_RATE);
    if (!best && FIXED_RATE === 0) console.log(`  no step passed: the ${DURATION_S} s run goes at ${MIN_RATE}/s`);
    const cpu = await cpuProbe(cluster);
    const run = await runAt(world, rate, DURATION_S);
    const cpuUse = await cpu();
    if (Object.keys(run.failures).length > 0) console.log(`  failures: ${JSON.stringify(run.failures)}`);
    console.log(`  run per operation (p50 / p99 / max ms): ${describeKinds(run)}; generator late p99 ${run.late.p99} max ${run.late.max} ms`);
    const verdict = await verify(cluster, world);
    const problems = verdict.checks.filter((check) => !passed(check)).map((check) => `${check.kind} ${describeCheck(check)}`);
    if (!verdict.chainIntact) problems.push(`audit chain ${verdict.chain}`);
    console.log(`  => ${processes} process(es): ${rate}/s for ${DURATION_S} s, p99 ${run.p99} ms, ${run.errors} errors; CPU ${cpuUse}; ${problems.join('; ') || 'every acknowledged row once, chain intact'}\n`);
    return { processes, steps, run, runPassed: stepPassed(run, rate), verdict, cpu: cpuUse, load: `${loadBefore} -> ${load()}` };
  } finally {
    await cluster.stop();
  }
}

const markdownRow = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;

function report(outcomes: Outcome[]): string {
  const rates = [...new Set(outcomes.flatMap((outcome) => outcome.steps.map((step) => step.rate)))].sort((a, b) => a - b);
  const lines = [
    `Steps of ${STEP_S} s, p99 per offered rate (✓ passed: p99 < ${P99_LIMIT_MS} ms, no errors, >= 90 % of the rate achieved; ✗ a step that failed; the search goes up from ${START_RATE}/s by x1.4 until a step fails, or down when the first fails):`,
    '',
    markdownRow(['API processes', ...rates.map((rate) => `${rate}/s`)]),
    markdownRow(['---', ...rates.map(() => '---')]),
    ...outcomes.map((outcome) =>
      markdownRow([
        outcome.processes,
        ...rates.map((rate) => {
          const step = outcome.steps.find((candidate) => candidate.rate === rate);
          if (!step) return '';
          return `${step.p99} ms ${step.passed ? '✓' : `✗${step.errors > 0 ? ` ${step.errors} errors` : ''}${step.achieved < rate * 0.9 ? ` ${step.achieved}/s achieved` : ''}`}`;
        }),
      ]),
    ),
    '',
    `Then ${DURATION_S} s at the highest passing rate; afterwards, every acknowledged write of the whole cluster's life (steps and run) looked up exactly once, audit rows one by one:`,
    '',
    markdownRow(['API processes', 'rate', 'operations', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'letters', 'messages', 'cases', 'documents', 'audit rows', 'audit chain', 'receipt texts']),
    markdownRow(Array.from({ length: 14 }, () => '---')),
    ...outcomes.map((outcome) => {
      const cell = (kind: string) => {
        const check = outcome.verdict.checks.find((candidate) => candidate.kind === kind);
        return check ? describeCheck(check) : '';
      };
      return markdownRow([
        outcome.processes,
        `${outcome.run.rate}/s${outcome.runPassed ? '' : ' (p99 over the limit in this run)'}`,
        outcome.run.requests,
        outcome.run.p50,
        outcome.run.p95,
        outcome.run.p99,
        outcome.run.errors,
        cell('letters'),
        cell('messages'),
        cell('cases'),
        cell('documents'),
        cell('audit rows'),
        outcome.verdict.chain,
        outcome.verdict.receiptTexts,
      ]);
    }),
    '',
    `CPU during the ${DURATION_S} s run, in cores (load average at the start of the cluster -> after its run):`,
    '',
    ...outcomes.map((outcome) => `- ${outcome.processes} process(es): ${outcome.cpu}; load ${outcome.load}`),
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const began = performance.now();
  console.log(`bench:load on ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  console.log('nginx + N API processes + PostgreSQL + this load generator, all on this machine');
  console.log(`steps of ${STEP_S} s raising the rate while p99 < ${P99_LIMIT_MS} ms; then ${DURATION_S} s at the highest such rate; N = ${PROCESS_COUNTS.join(', ')}`);
  // Per N: the cluster's start and 20 citizens (~10 s), 5 s warm-up, ~6 steps, the run, the check (~5 s).
  const estimate = PROCESS_COUNTS.length * (20 + 6 * STEP_S + DURATION_S);
  console.log(`expect about ${Math.round(estimate / 60)} min on a quiet machine (more when it is busy: an open-loop step over capacity drains its backlog)\n`);
  const outcomes: Outcome[] = [];
  for (const processes of PROCESS_COUNTS) outcomes.push(await measure(processes));
  console.log(report(outcomes));
  const took = (performance.now() - began) / 1000;
  console.log(`\nbench:load took ${Math.floor(took / 60)} min ${Math.round(took % 60)} s`);
  const failed = outcomes.some((outcome) => !outcome.verdict.chainIntact || !outcome.verdict.receiptTextsRight || outcome.verdict.checks.some((check) => !passed(check)));
  if (failed) {
    console.log('FAILED: an acknowledged write is missing or stored twice, the audit chain does not verify, or a receipt names another letter');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
