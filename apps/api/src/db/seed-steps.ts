import { demoLettersStep } from '../modules/letters/demo-letters.js';
import { demoObligationsStep } from '../modules/obligations/demo-obligations.js';
import { baseSeedSteps, type SeedStep } from './seed.js';

/** Every start-up step in order: accounts first, then each module's demo data that uses them. */
export const seedSteps: readonly SeedStep[] = [...baseSeedSteps, demoLettersStep, demoObligationsStep];
