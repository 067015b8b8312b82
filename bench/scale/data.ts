// Deterministic data for the scale benchmark: by default 100,000 people with Polish-looking usernames
// ("anowak", "anowak17", "kzielinska3", ...) and ten obligations each, over three years.
import { usernameLabel } from '@portal/contract';

const INITIALS = 'abcdefghijklmnopqrstuvwxyz';
const SURNAMES = [
  'nowak', 'kowalski', 'wisniewski', 'wojcik', 'kowalczyk', 'kaminski', 'lewandowski', 'zielinski', 'szymanski', 'wozniak',
  'dabrowski', 'kozlowski', 'jankowski', 'mazur', 'kwiatkowski', 'krawczyk', 'piotrowski', 'grabowski', 'nowakowski', 'pawlowski',
  'michalski', 'nowicki', 'adamczyk', 'dudek', 'zajac', 'wieczorek', 'jablonski', 'krol', 'majewski', 'olszewski',
  'jaworski', 'wrobel', 'malinowski', 'pawlak', 'witkowski', 'walczak', 'stepien', 'gorski', 'rutkowski', 'michalak',
  'sikora', 'ostrowski', 'baran', 'duda', 'szewczyk', 'tomaszewski', 'pietrzak', 'marciniak', 'wroblewski', 'zalewski',
  'jakubowski', 'jasinski', 'zawadzki', 'sadowski', 'bak', 'chmielewski', 'wlodarczyk', 'borkowski', 'czarnecki', 'sawicki',
  'sokolowski', 'urbanski', 'kubiak', 'maciejewski', 'szczepanski', 'kucharski', 'wilk', 'kalinowski', 'lis', 'mazurek',
  'wysocki', 'adamski', 'kazmierczak', 'wasilewski', 'sobczak', 'czerwinski', 'andrzejewski', 'cieslak', 'glowacki', 'zakrzewski',
];

/**
 * How big the benchmark's database is. The default is the first scale run's (100,000 accounts,
 * 1,000,000 obligations) with letters, messages and cases in Warsaw's proportion; Warsaw's own
 * size is `--citizens=2000000 --obligations=20000000 --letters=2000000 --messages=10000000 --cases=500000`.
 * `citizens` counts every account (every 500th is an employee), as USERS did.
 */
export interface ScaleSize {
  citizens: number;
  obligations: number;
  letters: number;
  messages: number;
  cases: number;
}
export const DEFAULT_SIZE: ScaleSize = { citizens: 100_000, obligations: 1_000_000, letters: 100_000, messages: 500_000, cases: 25_000 };
/** The size a run asked for (run.ts hands it to server.ts in BENCH_SCALE_SIZE), else the default. */
export function sizeFromEnvironment(text = process.env.BENCH_SCALE_SIZE): ScaleSize {
  return text ? { ...DEFAULT_SIZE, ...(JSON.parse(text) as Partial<ScaleSize>) } : DEFAULT_SIZE;
}
/** Kept for the default size's readers. */
export const USERS = DEFAULT_SIZE.citizens;
export const OBLIGATIONS_PER_USER = 10;
/**
 * The citizen whose "My matters" the benchmark reads (issue 32: a citizen with 200 matters): the
 * second account, with this many letters, cases and obligations (the others share the rest).
 */
export const BUSY_CITIZEN_INDEX = 1;
export const BUSY_MATTERS = { letters: 100, cases: 40, obligations: 60 } as const;
/** Every 500th account is an employee: 200 employees, 99,800 citizens. */
export const isEmployeeIndex = (index: number) => index % 500 === 499;

/** Username number `index` (0-based): unique, lower case, at most 20 characters. */
export function benchUsername(index: number): string {
  const combos = INITIALS.length * SURNAMES.length;
  const combo = index % combos;
  const round = Math.floor(index / combos);
  const initial = INITIALS[combo % INITIALS.length] ?? 'a';
  const surname = SURNAMES[Math.floor(combo / INITIALS.length)] ?? 'nowak';
  return `${initial}${surname}${round === 0 ? '' : round + 1}`.slice(0, 20);
}

export const benchLabel = (index: number) => usernameLabel(benchUsername(index));

/** A small deterministic PRNG (mulberry32): the same data on every run and engine. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const DESCRIPTIONS = ['Property tax', 'Waste collection fee', 'Dog tax', 'Parking fee', 'Water and sewage', 'Building permit fee', 'Market stall fee'];
const STATUSES = ['PENDING', 'PENDING', 'PAID', 'PAID', 'PAID', 'OVERDUE'] as const;

export interface BenchObligation {
  amountGrosze: number;
  dueDate: string;
  issueDate: string;
  paymentStatus: (typeof STATUSES)[number];
  description: string;
}

/** The obligations of one person (ten by default): 2024-2026, 10.00 to 5,000.00 PLN, every status. */
export function obligationsOf(next: () => number, count: number = OBLIGATIONS_PER_USER): BenchObligation[] {
  return Array.from({ length: count }, () => {
    const year = 2024 + Math.floor(next() * 3);
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 28);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      amountGrosze: 1_000 + Math.floor(next() * 499_000),
      dueDate: `${year}-${pad(month)}-${pad(day)}`,
      issueDate: `${year}-${pad(month)}-01`,
      paymentStatus: STATUSES[Math.floor(next() * STATUSES.length)] ?? 'PENDING',
      description: `${DESCRIPTIONS[Math.floor(next() * DESCRIPTIONS.length)] ?? 'Fee'} ${year}`,
    };
  });
}

/** The size flags of run.ts and keep.ts (node:util parseArgs options), each defaulting to DEFAULT_SIZE's. */
export const SIZE_OPTIONS = Object.fromEntries(
  Object.entries(DEFAULT_SIZE).map(([name, value]) => [name, { type: 'string' as const, default: String(value) }]),
) as Record<keyof ScaleSize, { type: 'string'; default: string }>;

/** The size the flags ask for; throws on a flag that is not a whole number, or under 1,000 accounts. */
export function sizeFromFlags(values: Record<keyof ScaleSize, string>): ScaleSize {
  const size = Object.fromEntries(Object.keys(DEFAULT_SIZE).map((name) => [name, Number(values[name as keyof ScaleSize])])) as unknown as ScaleSize;
  for (const [name, value] of Object.entries(size)) if (!(Number.isInteger(value) && value >= 0)) throw new Error(`--${name} must be a whole number`);
  if (size.citizens < 1_000) throw new Error('--citizens must be at least 1000 (every 500th account is an employee)');
  return size;
}
