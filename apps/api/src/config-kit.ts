import { z } from 'zod';

/*
 * What a configuration slice is made of. Each module (and each plugin with settings of its own)
 * declares its slice in its own folder (`modules/<name>/config.ts`, `plugins/.../config.ts` or
 * `plugins/<name>-config.ts`); config.ts composes them. A slice file sits at the config's layer:
 * it imports this file, paths.ts, the contract and zod, nothing of the module it serves.
 */

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
export const optionalText = z.preprocess(blankAsUndefined, z.string().trim().optional());
/** A password or secret: kept as typed (no trimming), blank is unset. */
export const optionalSecret = z.preprocess(blankAsUndefined, z.string().optional());
export const flag = z.preprocess(
  blankAsUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .transform((value) => ['true', '1', 'yes'].includes(value))
    .optional(),
);
export const wholeNumber = (min: number, max: number) =>
  z.preprocess(blankAsUndefined, z.coerce.number().int().min(min).max(max).optional());

/** The environment as read by the composition; a slice sees only the variables it declares. */
export type Environment = Record<string, string | undefined>;

export interface ConfigSlice<Shape extends z.ZodRawShape, Context, Value> {
  /** Its variables, each with its validation (every one optional: a slice has a default for each). */
  readonly variables: Shape;
  /**
   * Turns the valid variables into the settings, adding a sentence to `problems` for each value
   * that is wrong with respect to another (the composition lists them all at once).
   */
  read(env: z.infer<z.ZodObject<Shape>>, context: Context, problems: string[]): Value;
}

export function defineSlice<Shape extends z.ZodRawShape>(variables: Shape) {
  return <Context, Value>(read: ConfigSlice<Shape, Context, Value>['read']): ConfigSlice<Shape, Context, Value> => ({ variables, read });
}

/**
 * Reads one slice. A variable that fails its validation is reported and then read as unset, so the
 * slice still yields its defaults for the slices after it and every other problem is found too.
 */
export function readSlice<Shape extends z.ZodRawShape, Context, Value>(
  slice: ConfigSlice<Shape, Context, Value>,
  source: Environment,
  context: Context,
  problems: string[],
): Value {
  const schema = z.object(slice.variables);
  let parsed = schema.safeParse(source);
  if (!parsed.success) {
    problems.push(...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
    const wrong = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([name]) => !wrong.has(name))));
    if (!parsed.success) throw new ConfigError(problems);
  }
  return slice.read(parsed.data, context, problems);
}
