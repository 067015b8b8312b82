import { describe, expect, it } from 'vitest';
import { defineModule, type ModuleEnvironment, ModuleList, setUpModules } from '../src/app-module.js';
import type { SeedStep } from '../src/db/seed.js';

/** The module kit never touches the environment itself; these modules do not either. */
const env = {} as ModuleEnvironment;

interface Clock {
  now(): number;
}
interface Greeter {
  greet(name: string): string;
}

const step = (name: string): SeedStep => ({ name, enabled: () => true, run: async () => undefined });

const clockModule = defineModule()({
  name: 'clock',
  setup: () => ({ service: { now: () => 42 } satisfies Clock, seedSteps: [step('clock data')] }),
});

const greeterModule = defineModule<{ clock: Clock }>()({
  name: 'greeter',
  setup: (_env, { clock }) => ({
    service: { greet: (name: string) => `Hello ${name} at ${clock.now()}` } satisfies Greeter,
    seedSteps: [step('greeter data')],
  }),
});

const quietModule = defineModule<{ greeter: Greeter }>()({
  name: 'quiet',
  setup: () => ({ register: () => undefined }),
});

describe('composing modules', () => {
  it('hands each module the services of the modules before it and collects seed steps in list order', async () => {
    const seen: string[][] = [];
    const spy = defineModule<{ clock: Clock; greeter: Greeter }>()({
      name: 'spy',
      setup: (_env, services) => {
        seen.push(Object.keys(services));
        return { service: services.greeter.greet('Anna') };
      },
    });
    const { services, modules } = await setUpModules(ModuleList.empty().add(clockModule).add(greeterModule).add(quietModule).add(spy), env);

    expect(services.greeter.greet('Jan')).toBe('Hello Jan at 42');
    expect(services.spy).toBe('Hello Anna at 42');
    expect(seen).toEqual([['clock', 'greeter']]);
    expect(Object.keys(services)).toEqual(['clock', 'greeter', 'spy']); // quiet provides nothing
    expect(modules.flatMap((module) => module.seedSteps.map((s) => s.name))).toEqual(['clock data', 'greeter data']);
  });

  it('refuses, at compile time, a module listed before the modules whose services it needs, and a name used twice', async () => {
    // @ts-expect-error greeter needs the clock, which no earlier module provides
    ModuleList.empty().add(greeterModule);
    // @ts-expect-error a second module named clock
    ModuleList.empty().add(clockModule).add(clockModule);
    const wrongType = defineModule<{ clock: Greeter }>()({ name: 'confused', setup: () => ({}) });
    // @ts-expect-error clock is there, but not the service this module expects
    ModuleList.empty().add(clockModule).add(wrongType);

    // Forced through anyway, the set-up refuses at start instead of running half-wired.
    const twice = ModuleList.empty().add(clockModule).add(clockModule as never);
    await expect(setUpModules(twice, env)).rejects.toThrow('Module "clock" is listed twice');
  });
});
