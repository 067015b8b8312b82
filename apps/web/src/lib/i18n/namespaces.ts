/** The shell's texts (navigation, language switch, error page): the namespace `useTranslation()` reads. */
export const COMMON_NS = 'common';
/** The contract's messages (zod issues, the spec's exact texts), keyed by domain. */
export const MESSAGES_NS = 'messages';
