import { defineSlice, wholeNumber } from '../../config-kit.js';

/** What one citizen may use; staff are not limited. */
export interface CitizenQuotas {
  /** Cases PENDING or IN_PROGRESS one citizen may have at once. */
  openCases: number;
  /** Total size of the documents in one citizen's cases. */
  documentBytes: number;
  /** Uploads one citizen may have arriving at once (each up to documentMaxBytes before it is judged). */
  uploadsInFlight: number;
  /** Letters one citizen may send within an hour (from the first in the window). */
  lettersPerHour: number;
  /** Chat messages one citizen may send within an hour (from the first in the window). */
  messagesPerHour: number;
}

export const quotasSlice = defineSlice({
  CITIZEN_OPEN_CASES_MAX: wholeNumber(1, 1_000_000),
  CITIZEN_DOCUMENT_MEGABYTES_MAX: wholeNumber(1, 1024 * 1024),
  CITIZEN_UPLOADS_IN_FLIGHT: wholeNumber(1, 1_000),
  CITIZEN_LETTERS_PER_HOUR: wholeNumber(1, 1_000_000),
  CITIZEN_MESSAGES_PER_HOUR: wholeNumber(1, 1_000_000),
})(
  (env): { citizenQuotas: CitizenQuotas } => ({
    citizenQuotas: {
      openCases: env.CITIZEN_OPEN_CASES_MAX ?? 100,
      documentBytes: (env.CITIZEN_DOCUMENT_MEGABYTES_MAX ?? 2048) * 1024 * 1024,
      // The web app uploads a case's files one after another.
      uploadsInFlight: env.CITIZEN_UPLOADS_IN_FLIGHT ?? 4,
      lettersPerHour: env.CITIZEN_LETTERS_PER_HOUR ?? 30,
      messagesPerHour: env.CITIZEN_MESSAGES_PER_HOUR ?? 600,
    },
  }),
);

/** What the quotas module's setup is given: its slice, plus the upload window derived from a plugin's body deadline. */
export interface QuotasSettings {
  citizenQuotas: CitizenQuotas;
  /** How long an upload counts as arriving: its body deadline and a minute more at most. */
  uploadWindowMs: number;
}
