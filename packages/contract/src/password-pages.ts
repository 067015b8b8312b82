// The web pages of getting back into an account (issue 35), apart from passwords.ts: the route table
// (in every screen's first download) imports these two paths and nothing else of the domain.

/** The web page the reset email links to; the token travels in the fragment, never to a server log. */
export const PASSWORD_RESET_PAGE = '/password-reset';
/** The web page where a signed-in person changes their password. */
export const CHANGE_PASSWORD_PAGE = '/account/password';
