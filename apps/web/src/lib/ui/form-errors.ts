import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { HttpError } from '../http';

/** One field's message, named as react-hook-form names the field ('vehicle.vehicleVin'). */
export type FieldMessage = { name: string; message: string };

function isMessageLeaf(value: unknown): value is { message: string } {
  return typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string' && value.message !== '';
}

/**
 * The messages of react-hook-form's `errors`, nested objects flattened to dotted names. The form's
 * own 'root' errors belong to no field and are left out.
 */
export function fieldMessages<T extends FieldValues>(errors: FieldErrors<T>): FieldMessage[] {
  const found: FieldMessage[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node !== 'object' || node === null) return;
    if (isMessageLeaf(node) && path !== '') {
      found.push({ name: path, message: node.message });
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      if (path === '' && key === 'root') continue;
      // react-hook-form keeps the element in `ref`: never walk into the DOM.
      if (key === 'ref' || key === 'types') continue;
      walk(child, path === '' ? key : `${path}.${key}`);
    }
  };
  walk(errors, '');
  return found;
}

/**
 * The API's own field messages (an HttpError's `fields`: a taken username, a wrong code) placed
 * under the form's fields of those names. True when at least one was placed; false for any other
 * error, which the form then explains in its own words.
 */
export function placeServerFieldErrors<T extends FieldValues>(
  error: unknown,
  names: readonly Path<T>[],
  setError: UseFormSetError<T>,
  options?: { shouldFocus: boolean },
): boolean {
  if (!(error instanceof HttpError)) return false;
  let placed = false;
  for (const name of names) {
    const message = error.fields[name];
    if (!message) continue;
    setError(name, { message }, options);
    placed = true;
  }
  return placed;
}
