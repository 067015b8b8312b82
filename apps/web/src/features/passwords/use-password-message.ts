import { passwordMessages } from '@portal/contract';
import { useMessageText, useTranslation } from '../../lib/i18n';
import { PASSWORDS_NS } from './i18n';

const keyByText = new Map<string, string>(Object.entries(passwordMessages).map(([key, text]) => [text, key]));

/** A message of the passwords domain in the reader's language (its texts live in this feature's namespace); any other contract message as useMessageText shows it. */
export function usePasswordMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation(PASSWORDS_NS);
  const contract = useMessageText();
  return (message) => {
    const key = message === undefined ? undefined : keyByText.get(message);
    return key ? t(`messages.${key}`) : contract(message);
  };
}
