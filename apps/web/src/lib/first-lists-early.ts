// The first lists of the screen being opened, asked the moment GET /api/users/me answers, while the
// app's code is still on its way (issue 16: a signed-in screen's lists used to start only once that
// code had run, ~60 ms after the answer). Runs in the early file beside current-user-early.ts, so
// the same rule holds: nothing from @portal/contract, React or the translations.
//
// app/first-requests.ts asks for the same lists through the pages' queries once the app runs;
// lib/http.ts then takes these answers instead of asking again. app/first-lists-early.test.ts holds
// the two tables to the same requests for every screen and role: a list missing here is only asked
// later, never asked twice.

type Me = { id: number; role: string };

const STAFF = ['EMPLOYEE', 'ADMIN'];
const lists: Record<string, (me: Me) => string[]> = {
  '/user': (me) => [`/api/conversations/user/${me.id}`],
  '/employee': (me) =>
    STAFF.includes(me.role) ? [`/api/conversations?status=OPEN&employeeId=${me.id}&order=due`, `/api/conversations?status=IN_PROGRESS&employeeId=${me.id}&order=due`] : [],
  '/financial-obligations': (me) => [`/api/financial-obligations/by-interest-id/${me.id}`],
  '/createCase': (me) => ['/api/case-resolution/status/PENDING', ...(me.role === 'USER' ? [`/api/case-resolution/user/${me.id}`] : [])],
  '/createObligations': (me) => (STAFF.includes(me.role) ? ['/api/users/labels?role=USER'] : []),
  '/admin': (me) => (me.role === 'ADMIN' ? ['/api/users/employees'] : []),
};
/** The header's notification list, on every one of these screens. */
const HEADER_LIST = '/api/notifications';
/** An answer not taken by then is stale: the page asks anew. */
const TAKE_WITHIN_MS = 10_000;

const answers = new Map<string, { response: Promise<Response>; at: number }>();
/** Set while the answer to /me is being read: a list asked meanwhile waits to see if it was asked here. */
let deciding: Promise<void> | undefined;

const isMe = (value: unknown): value is Me =>
  typeof value === 'object' && value !== null && typeof (value as Me).id === 'number' && typeof (value as Me).role === 'string';

/**
 * Once `me` answers, asks for `pathname`'s first lists with `headers` (those of the /me request);
 * nothing for a screen without such lists, or when /me was refused or failed.
 */
export function askFirstListsEarly(me: Promise<Response>, headers: Record<string, string>, pathname: string): void {
  const listsOf = lists[pathname];
  if (!listsOf) return;
  deciding = me
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((user: unknown) => {
      if (!isMe(user)) return;
      const at = Date.now();
      for (const path of [HEADER_LIST, ...listsOf(user)]) answers.set(path, { response: fetch(path, { credentials: 'include', headers }), at });
    })
    .catch(() => undefined)
    .finally(() => {
      deciding = undefined;
    });
}

function take(path: string): Promise<Response> | undefined {
  const answer = answers.get(path);
  answers.delete(path);
  return answer && Date.now() - answer.at <= TAKE_WITHIN_MS ? answer.response : undefined;
}

/**
 * The answer to GET `path` asked for early, once (whoever asks next asks the API); undefined at once
 * when there is none and none can come, so other requests do not wait.
 */
export function takeEarlyList(path: string): Promise<Response | undefined> | undefined {
  if (deciding) return deciding.then(() => take(path));
  return take(path);
}
