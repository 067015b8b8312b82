// npm run bench:load [-- --duration=60 --processes=1,2,3 --step=10] [-- --rate=20]
// Mixed load through nginx on the cluster of scripts/cluster.ts (shared PostgreSQL, fresh database):
// citizens write letters and chat, clerks take, reply and resolve, obligation and case reads, PDF
// uploads and downloads. Per process count: the rate is raised step by step (--step seconds each)
// while p99 < 100 ms; the highest such rate then runs for --duration seconds. Afterwards every
// acknowledged letter, message, case, document and audit row is looked up (exactly once, the audit
// rows one by one by the ids the answers gave), the audit chain verified, and a sample of the
// letters' receipts read with pdftotext. Ends with the README's tables in Markdown.
import { availableParallelism, cpus, loadavg } from 'node:os';
import { start } from '../../scripts/cluster.js';
import { LOAD_ENV } from '../../scripts/cluster-client.js';
import { distribution, round } from '../harness/stats.js';
import { cpuProbe } from './cpu.js';
import { lockHolderProbe, lockHoldProbe, METRICS_TOKEN } from './lock-hold.js';
import { describeCheck, passed } from './row-check.js';
import { type Verdict, verify } from './verify.js';
import { type Kind, MIX, operate, pick, resetAcked, setUp, type World } from './world.js';

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


interface Outcome {
  processes: number;
  steps: (StepResult & { passed: boolean })[];
  run: StepResult;
  /** Whether the run at the chosen rate itself stayed under the limit. */
  runPassed: boolean;
  verdict: Verdict;
  cpu: string;
  /** The audit chain lock's holds during the run (lock-hold.ts). */
  lockHeld: string;
  /** Samples of pg_locks in which a change's own transaction held the audit chain lock (must be 0). */
  changesHeldLock: number;
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
  resetAcked();
  const loadBefore = load();
  const cluster = await start({ processes, env: { ...LOAD_ENV, SEED_DEMO: 'true', LOG_LEVEL: 'error', METRICS_TOKEN } });
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
    const lockHold = await lockHoldProbe(cluster);
    const lockHolders = await lockHolderProbe(cluster);
    const run = await runAt(world, rate, DURATION_S);
    const cpuUse = await cpu();
    const holders = await lockHolders();
    const lockHeld = `${await lockHold()}; ${holders.text}`;
    if (Object.keys(run.failures).length > 0) console.log(`  failures: ${JSON.stringify(run.failures)}`);
    console.log(`  run per operation (p50 / p99 / max ms): ${describeKinds(run)}; generator late p99 ${run.late.p99} max ${run.late.max} ms`);
    const verdict = await verify(cluster, world);
    const problems = verdict.checks.filter((check) => !passed(check)).map((check) => `${check.kind} ${describeCheck(check)}`);
    if (!verdict.chainIntact) problems.push(`audit chain ${verdict.chain}`);
    if (holders.changesHeld > 0) problems.push(`a change's transaction held the audit chain lock in ${holders.changesHeld} samples`);
    console.log(`  => ${processes} process(es): ${rate}/s for ${DURATION_S} s, p99 ${run.p99} ms, ${run.errors} errors; CPU ${cpuUse}; audit chain lock ${lockHeld}; ${problems.join('; ') || 'every acknowledged row once, chain intact'}\n`);
    return { processes, steps, run, runPassed: stepPassed(run, rate), verdict, cpu: cpuUse, lockHeld, changesHeldLock: holders.changesHeld, load: `${loadBefore} -> ${load()}` };
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
    ...outcomes.map((outcome) => `- ${outcome.processes} process(es): ${outcome.cpu}; audit chain lock ${outcome.lockHeld}; load ${outcome.load}`),
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
  const failed = outcomes.some((outcome) => outcome.changesHeldLock > 0 || !outcome.verdict.chainIntact || !outcome.verdict.receiptTextsRight || outcome.verdict.checks.some((check) => !passed(check)));
  if (failed) {
    console.log('FAILED: an acknowledged write is missing or stored twice, the audit chain does not verify, a receipt names another letter, or a change held the audit chain lock');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
