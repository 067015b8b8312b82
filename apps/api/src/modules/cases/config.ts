import { DOCUMENT_MAX_BYTES_DEFAULT } from '@portal/contract';
import { defineSlice, wholeNumber } from '../../config-kit.js';

export interface CasesConfig {
  /** The largest PDF an upload may carry; a larger one is refused with 413 before it is read whole. */
  documentMaxBytes: number;
}

export const casesSlice = defineSlice({
  DOCUMENT_MAX_BYTES: wholeNumber(1, 1024 * 1024 * 1024),
})((env): CasesConfig => ({ documentMaxBytes: env.DOCUMENT_MAX_BYTES ?? DOCUMENT_MAX_BYTES_DEFAULT }));
