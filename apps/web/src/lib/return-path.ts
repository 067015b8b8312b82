/*
 * Where a person goes after signing in: the page of this portal they asked for before (an email's
 * link such as /createCase?case=4), carried in the login page's `?next=`. Only a path of this
 * portal is ever followed: anything a browser could read as another host (`//host`, `/\host`, a
 * scheme, a control character that browsers drop before parsing) is refused, and so is /login
 * itself, which would only come back here.
 */

export const RETURN_PATH_PARAM = 'next';
const LOGIN_PATH = '/login';
/** Longer than any address the portal makes; a longer one is not ours. */
const MAX_RETURN_PATH_LENGTH = 2048;

const isControlOrBackslash = (code: number) => code <= 0x1f || code === 0x7f || code === 0x5c;

/** The same-origin path, query and fragment of `raw`, or undefined when it may not be followed. */
export function safeReturnPath(raw: string | null | undefined, origin: string = window.location.origin): string | undefined {
  if (!raw || raw.length > MAX_RETURN_PATH_LENGTH) return undefined;
  // One leading slash and then not a second one: `//host` and `/\host` name another host.
  if (raw[0] !== '/' || raw[1] === '/') return undefined;
  for (let index = 0; index < raw.length; index += 1) if (isControlOrBackslash(raw.charCodeAt(index))) return undefined;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || url.pathname === LOGIN_PATH) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The login page's address that returns to `path`, the address of the page the person is on. Not
 * checked here (the guard of every screen calls this, and the checks would weigh on every first
 * load): the login page follows it only if safeReturnPath accepts it.
 */
export const loginPathReturningTo = (path: string): string => `${LOGIN_PATH}?${RETURN_PATH_PARAM}=${encodeURIComponent(path)}`;
