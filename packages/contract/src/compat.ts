import { authApiMessages } from './auth.js';
import { httpMessages } from './http.js';
import { userApiMessages } from './users.js';

// Names from before the contract was split per domain (issue 7), kept while apps/api and apps/web
// move to the domain groups. New code imports the domain's own group; delete this file once
// nothing imports from it.

/** @deprecated Use `httpMessages`, `authApiMessages` or `userApiMessages`. */
export const apiMessages = { ...httpMessages, ...authApiMessages, ...userApiMessages } as const;
