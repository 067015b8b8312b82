// Shared pieces, then one file per domain (its enums, limits, messages, schemas): a new domain adds its file here.
// Before any schema is built: zod must never try `new Function` (see zod-config.ts).
import './zod-config.js';
export * from './polish.js';
export * from './dates.js';
export * from './fields.js';
export * from './text.js';
export * from './free-text.js';
export * from './http.js';
export * from './common.js';
export * from './realtime.js';
export * from './users.js';
export * from './auth.js';
export * from './letters.js';
export * from './money.js';
export * from './bank-transfer.js';
export * from './obligations.js';
export * from './cases.js';
export * from './employees.js';
export * from './audit.js';
export * from './receipts.js';
export * from './notifications.js';
export * from './two-factor.js';
export * from './sessions.js';
export * from './my-data.js';
export * from './compat.js';
