import { isValidNip, isValidNrb, normalizeNip, normalizeNrb } from '@portal/contract';
import { defineSlice, optionalText } from '../../config-kit.js';

/** The city's bank account citizens pay obligations into (shown with a ZBP payment code). */
export interface PaymentAccountConfig {
  /** 26 digits with valid check digits. */
  nrb: string;
  recipientName: string;
  /** PAYMENT_RECIPIENT_NIP: the city's tax number (10 digits, valid check digit), written into the payment code; null leaves that field empty. */
  nip: string | null;
}

/** A recipient line of a Polish transfer form holds up to 70 characters (2 lines of 35). */
const RECIPIENT_NAME_MAX = 70;

/** Unset: obligations show no transfer details. */
export const obligationsSlice = defineSlice({
  PAYMENT_ACCOUNT_NRB: optionalText,
  PAYMENT_RECIPIENT_NAME: optionalText,
  PAYMENT_RECIPIENT_NIP: optionalText,
})((env, _context: void, problems): { paymentAccount: PaymentAccountConfig | null } => ({ paymentAccount: readAccount(env, problems) }));

function readAccount(
  { PAYMENT_ACCOUNT_NRB: account, PAYMENT_RECIPIENT_NAME: recipientName, PAYMENT_RECIPIENT_NIP: nipText }: Record<string, string | undefined>,
  problems: string[],
): PaymentAccountConfig | null {
  if (!account && !recipientName) {
    if (nipText) problems.push('PAYMENT_RECIPIENT_NIP needs PAYMENT_ACCOUNT_NRB and PAYMENT_RECIPIENT_NAME');
    return null;
  }
  if (!account || !recipientName) {
    problems.push('PAYMENT_ACCOUNT_NRB and PAYMENT_RECIPIENT_NAME must be set together');
    return null;
  }
  const nrb = normalizeNrb(account);
  if (!nrb) {
    problems.push('PAYMENT_ACCOUNT_NRB must be a Polish account number of 26 digits (spaces and a leading PL allowed)');
    return null;
  }
  // A mistyped digit would send every citizen's money to someone else's account: refuse to start.
  if (!isValidNrb(nrb)) {
    problems.push('PAYMENT_ACCOUNT_NRB has wrong check digits (NRB / IBAN checksum): check the account number for a typing mistake');
    return null;
  }
  if (Array.from(recipientName).length > RECIPIENT_NAME_MAX) {
    problems.push(`PAYMENT_RECIPIENT_NAME must be at most ${RECIPIENT_NAME_MAX} characters`);
    return null;
  }
  const nip = nipText ? normalizeNip(nipText) : null;
  if (nipText && nip === null) {
    problems.push('PAYMENT_RECIPIENT_NIP must be a Polish tax number of 10 digits (spaces, hyphens and a leading PL allowed)');
    return null;
  }
  // A wrong NIP in every citizen's payment code would make banks warn about the recipient: refuse to start.
  if (nip !== null && !isValidNip(nip)) {
    problems.push('PAYMENT_RECIPIENT_NIP has a wrong check digit: check the tax number for a typing mistake');
    return null;
  }
  return { nrb, recipientName, nip };
}

/** What the obligations module's setup is given. */
export interface ObligationsSettings {
  paymentAccount: PaymentAccountConfig | null;
}
