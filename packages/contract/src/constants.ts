// Business constants and limits of spec section 9 (and the server-side bounds we add to them).
export const AUTH_COOKIE_NAME = 'auth_token';
/** One sixth of a day: both the cookie lifetime and the JWT validity. */
export const AUTH_TOKEN_LIFETIME_MINUTES = 240;
export const RELOAD_DELAY_MS = 100;
export const CURRENCY = 'PLN';

export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 50;
export const NAME_MAX = 30;
export const PHONE_DIGITS = 9;
/** RFC 5321 path limit; the spec only asks for a simple shape, the database needs a bound. */
export const EMAIL_MAX = 254;

export const VIN_LENGTH = 17;
export const VEHICLE_YEAR_MIN = 1886;

export const SUBJECT_PREVIEW_LENGTH = 6;
export const CHAT_BOX_MAX_HEIGHT_PX = 300;

/** Bounds the spec leaves open; they keep one request from filling the database. */
export const LETTER_SUBJECT_MAX = 200;
export const LETTER_CONTENT_MAX = 10_000;
export const MESSAGE_CONTENT_MAX = 5_000;

export const OBLIGATION_LABEL_LENGTH = 2;
