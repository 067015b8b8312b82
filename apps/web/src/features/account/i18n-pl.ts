import { myDataTextsPl, sessionTextsPl } from '@portal/contract';

// The Polish of ./i18n.ts, fetched only for a reader of Polish; registerTranslations there checks
// that it has every English key.

export const pl = { ...sessionTextsPl, ...myDataTextsPl };
