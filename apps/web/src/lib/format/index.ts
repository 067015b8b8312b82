// Dates, moments, amounts, numbers and waiting times in the reader's language: every screen
// formats through here, so one value reads the same everywhere.
//
// Dates and numbers are written from CLDR's names and separators for our two languages, not by
// Intl formatters: the first Intl date, number or collation object a tab builds makes the browser
// load its locale data, 15-30 ms of the main thread on our machines, which every signed-in screen
// paid in its first render and the login screen never did (issue 16, bench/README.md).
// format-matches-intl.test.ts holds every format to Intl's own output for both languages over
// generated dates and numbers.
// A list ('Employee and Administrator') is still Intl's: no first screen shows one.
export { localeOf } from './locale';
export { formatDate, formatDateTime, formatMessageTime, monthName } from './dates';
export { formatWaitingTime } from './relative-times';
export { formatAmount } from './money';
export { formatFileSize, formatNumber } from './numbers';
export { formatList } from './lists';
export { compareMoments, compareNames } from './chronology';
