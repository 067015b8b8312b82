// Dates, moments, amounts, numbers and waiting times in the reader's language: every screen
// formats through here, so one value reads the same everywhere.
export { localeOf } from './locale';
export { formatDate, formatDateTime, monthName } from './dates';
export { formatMessageTime, formatWaitingTime } from './relative-times';
export { formatAmount } from './money';
export { formatFileSize, formatNumber } from './numbers';
export { formatList } from './lists';
