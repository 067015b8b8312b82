// npm run bench:load [-- --duration=60 --processes=1,2,3 --step=10]
// Mixed load through nginx on the cluster of scripts/cluster.ts (shared PostgreSQL, fresh database):
// citizens write letters and chat, clerks take, reply and resolve, obligation and case reads, PDF
// uploads and downloads. Per process count: the rate is raised step by step (--step seconds each)
// while p99 < 100 ms; the highest such rate then runs for --duration seconds. Afterwards every
// acknowledged letter, message, case and document is looked up (exactly once) and the audit chain verified.
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus } from 'node:os';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { type Cluster, start } from '../../scripts/cluster.js';
import { api, LOAD_ENV, letterBody, login, messageBody, registerCitizen, type Session } from '../../scripts/cluster-client.js';
import { distribution, round, table } from '../harness/stats.js';

const CASE_DOCUMENTS_MAX = 20; // @portal/contract's, the documents a case may hold

const argument = (name: string, fallback: string): string =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const DURATION_S = Number(argument('duration', '60'));
const STEP_S = Number(argument('step', '10'));
const PROCESS_COUNTS = argument('processes', '1,2,3').split(',').map(Number);
const P99_LIMIT_MS = 100;
const CITIZENS = 20;

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
  clerks: Session[];
  admin: Session;
  open: number[];
  taken: { id: number; clerk: Session }[];
  documents: string[];
  pdf: Buffer;
}

/** What the API acknowledged in the current cluster's database, for the check afterwards. */
const newAcked = () => ({ letters: new Set<string>(), messages: new Set<string>(), documents: new Set<string>(), cases: new Set<string>(), staffActions: 0 });
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
  const answer = (await response.json().catch(() => null)) as { uuid?: string } | null;
  if (response.status === 201 && answer?.uuid) {
    acked.documents.add(name);
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
      const answer = await api<{ id: number }>(world.url, 'POST', '/api/letters', citizen.who, letterBody(citizen.who, subject));
      if (answer.status === 201) {
        acked.letters.add(subject);
        citizen.conversations.push(answer.body.id);
        world.open.push(answer.body.id);
      }
      return answer.status;
    }
    case 'citizen message': {
      const id = any(citizen.conversations.filter((conversation) => !resolved.has(conversation)));
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
        acked.staffActions++;
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
      resolved.add(conversation.id);
      const answer = await api(world.url, 'PUT', `/api/conversations/${conversation.id}/status`, conversation.clerk, { status: 'RESOLVED' });
      if (answer.status === 200) acked.staffActions++;
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
const resolved = new Set<number>();

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
    open: [],
    taken: [],
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
}

/** Open loop: operations start at `rate` per second whatever the answers do, for `seconds`. */
async function runAt(world: World, rate: number, seconds: number): Promise<StepResult> {
  const latencies: number[] = [];
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
        const begin = performance.now();
        const kind = pick();
        const status = await operate(world, kind);
        latencies.push(performance.now() - begin);
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
  return { rate, achieved: round(latencies.length / wall), p50: round(figures.p50), p95: round(figures.p95), p99: round(figures.p99), errors, requests: latencies.length, failures };
}

async function verify(cluster: Cluster, world: World): Promise<string[]> {
  const problems: string[] = [];
  const client = new pg.Client({ connectionString: cluster.postgres.ownerUrl });
  await client.connect();
  try {
    const once = async (label: string, query: string, expected: Set<string>) => {
      const { rows } = await client.query<{ key: string; n: string }>(query);
      const copies = new Map(rows.map((row) => [row.key, Number(row.n)]));
      const wrong = [...expected].filter((key) => copies.get(key) !== 1);
      if (wrong.length > 0) problems.push(`${label}: ${wrong.length} of ${expected.size} not present exactly once (e.g. ${wrong[0]})`);
    };
    await once('letters', `select subject as key, count(*) as n from letters where subject like 'load ${tag}%' group by subject`, acked.letters);
    await once('messages', `select content as key, count(*) as n from messages where content like 'load ${tag}%' group by content`, acked.messages);
    await once('cases', `select comments as key, count(*) as n from case_resolutions where comments like 'load ${tag}%' group by comments`, acked.cases);
    await once('documents', `select name as key, count(*) as n from documents where name like 'load-${tag}-%' group by name`, acked.documents);
    const audit = await client.query<{ n: string }>('select count(*) as n from audit_log');
    if (Number(audit.rows[0]?.n) < acked.staffActions) problems.push(`audit: ${audit.rows[0]?.n} rows for ${acked.staffActions} acknowledged staff actions`);
  } finally {
    await client.end();
  }
  const verdict = await api<{ intact: boolean; checked: number }>(cluster.url, 'GET', '/api/audit/verify', world.admin);
  if (verdict.status !== 200 || !verdict.body.intact) problems.push(`audit chain: ${verdict.status} ${JSON.stringify(verdict.body)}`);
  return problems;
}

async function main(): Promise<void> {
  console.log(`bench:load on ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}); nginx + N API processes + PostgreSQL, all on this machine`);
  console.log(`steps of ${STEP_S} s raising the rate while p99 < ${P99_LIMIT_MS} ms; then ${DURATION_S} s at the highest such rate\n`);
  const rows: (string | number)[][] = [];
  for (const processes of PROCESS_COUNTS) {
    acked = newAcked();
    const cluster = await start({ processes, env: { ...LOAD_ENV, SEED_DEMO: 'true', LOG_LEVEL: 'error' } });
    try {
      const world = await setUp(cluster);
      await runAt(world, 20, 5); // warm-up: JIT of every process, pools, prepared statements
      let best: StepResult | null = null;
      for (let rate = 20; ; rate = Math.round(rate * 1.4)) {
        const step = await runAt(world, rate, STEP_S);
        const failed = Object.keys(step.failures).length > 0 ? ` ${JSON.stringify(step.failures)}` : '';
        console.log(`  ${processes} process(es), ${rate}/s: achieved ${step.achieved}/s, p50 ${step.p50} p95 ${step.p95} p99 ${step.p99} ms, ${step.errors} errors${failed}`);
        if (step.p99 >= P99_LIMIT_MS || step.errors > 0 || step.achieved < rate * 0.9) break;
        best = step;
      }
      const run = await runAt(world, best?.rate ?? 20, DURATION_S);
      if (Object.keys(run.failures).length > 0) console.log(`  failures: ${JSON.stringify(run.failures)}`);
      const problems = await verify(cluster, world);
      rows.push([processes, run.rate, run.achieved, run.requests, run.p50, run.p95, run.p99, run.errors, problems.length === 0 ? 'all present once, chain intact' : problems.join('; ')]);
      console.log(`  => ${processes} process(es): ${run.rate}/s for ${DURATION_S} s, p99 ${run.p99} ms, ${run.errors} errors; ${problems.join('; ') || 'verified'}\n`);
    } finally {
      await cluster.stop();
    }
  }
  console.log(table(['API processes', 'rate /s', 'achieved /s', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'afterwards'], rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
