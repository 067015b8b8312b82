// Shared pieces, then per domain its words and numbers (`<domain>.ts`: enums, limits, messages, plain
// functions; no zod) and its zod schemas (`<domain>-schemas.ts`): a new domain adds its files here.
// The web's texts import only the first kind, so a screen builds only the schemas it uses; a domain's
// Polish messages stand in `<domain>-pl.ts`, which the web loads only for a reader of Polish.
// Before any schema is built: zod must never try `new Function` (see zod-config.ts).
import './zod-config.js';
export * from './polish.js';
export * from './dates.js';
export * from './fields.js';
export * from './fields-schemas.js';
export * from './text.js';
export * from './free-text.js';
export * from './free-text-pl.js';
export * from './http.js';
export * from './http-schemas.js';
export * from './common.js';
export * from './common-pl.js';
export * from './realtime.js';
export * from './realtime-schemas.js';
export * from './users.js';
export * from './users-schemas.js';
export * from './auth.js';
export * from './auth-pl.js';
export * from './auth-schemas.js';
export * from './letters.js';
export * from './letters-pl.js';
export * from './letters-schemas.js';
export * from './money.js';
export * from './bank-transfer.js';
export * from './obligations.js';
export * from './obligations-pl.js';
export * from './obligations-schemas.js';
export * from './cases.js';
export * from './cases-pl.js';
export * from './cases-schemas.js';
export * from './employees.js';
export * from './employees-pl.js';
export * from './employees-schemas.js';
export * from './audit.js';
export * from './audit-pl.js';
export * from './audit-schemas.js';
export * from './receipts.js';
export * from './receipts-schemas.js';
export * from './notifications.js';
export * from './notifications-schemas.js';
export * from './two-factor.js';
export * from './two-factor-pl.js';
export * from './two-factor-schemas.js';
export * from './sessions.js';
export * from './sessions-pl.js';
export * from './sessions-schemas.js';
export * from './my-data.js';
export * from './my-data-pl.js';
export * from './my-data-schemas.js';
export * from './compat.js';
export * from './compat-pl.js';
