export * from './enums.js';
export * from './constants.js';
export * from './messages.js';
export * from './dates.js';
export * from './fields.js';
export * from './errors.js';
export * from './auth.js';
export * from './letters.js';
