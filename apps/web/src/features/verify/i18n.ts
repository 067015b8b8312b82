import { RECEIPT_VERIFY_MAX_MB, receiptApiMessages } from '@portal/contract';
import { registerTranslations } from '../../lib/i18n';

const en = {
  verify: {
    title: 'Verify a receipt',
    intro: 'Check that a receipt PDF was issued by the office and has not been changed since. The file is checked on the server and is not kept.',
    dropArea: 'Drag and drop a receipt PDF here or click to choose a file',
    dropHint: `One PDF, at most ${RECEIPT_VERIFY_MAX_MB} MB`,
    checking: 'Checking the receipt...',
    genuineTitle: 'Genuine receipt',
    refusedTitle: 'Not a genuine receipt',
    signature: {
      office: 'The signature is the office’s.',
      other: 'The file is signed, but not by the office.',
      invalid: 'The signature is broken.',
      missing: 'The file carries no signature.',
    },
    unchanged: 'The document has not been changed since it was signed.',
    changed: 'The document was changed after it was signed.',
    inRecords: 'The office’s records hold this receipt.',
    notInRecords: 'The office’s records do not hold this receipt.',
    proves: 'It proves: {{what}}, reference {{reference}}, {{date}}.',
    file: 'File checked: {{name}}',
    failed: 'The receipt could not be checked. Please try again.',
    notPdf: 'The file is not a PDF.',
    empty: 'The file is empty.',
    tooLarge: receiptApiMessages.tooLarge,
  },
  provenKinds: {
    'letter-sent': 'a letter sent',
    'case-submitted': 'a case submitted',
    'document-added': 'a document added to a case',
    'conversation-resolved': 'a decision on a letter',
    'case-status-changed': 'a decision on a case',
  },
};

export const VERIFY_NS = registerTranslations('verify', {
  en,
  pl: {
    verify: {
      title: 'Sprawdź potwierdzenie',
      intro: 'Sprawdź, czy potwierdzenie w PDF wydał urząd i czy nie zostało zmienione. Plik jest sprawdzany na serwerze i nie jest przechowywany.',
      dropArea: 'Przeciągnij tutaj potwierdzenie w PDF lub kliknij, aby wybrać plik',
      dropHint: `Jeden plik PDF, najwyżej ${RECEIPT_VERIFY_MAX_MB} MB`,
      checking: 'Sprawdzanie potwierdzenia...',
      genuineTitle: 'Potwierdzenie autentyczne',
      refusedTitle: 'To nie jest autentyczne potwierdzenie',
      signature: {
        office: 'Podpis należy do urzędu.',
        other: 'Plik jest podpisany, ale nie przez urząd.',
        invalid: 'Podpis jest uszkodzony.',
        missing: 'Plik nie ma podpisu.',
      },
      unchanged: 'Dokument nie został zmieniony od podpisania.',
      changed: 'Dokument został zmieniony po podpisaniu.',
      inRecords: 'Potwierdzenie figuruje w rejestrach urzędu.',
      notInRecords: 'Tego potwierdzenia nie ma w rejestrach urzędu.',
      proves: 'Potwierdza: {{what}}, numer {{reference}}, {{date}}.',
      file: 'Sprawdzony plik: {{name}}',
      failed: 'Nie udało się sprawdzić potwierdzenia. Spróbuj ponownie.',
      notPdf: 'Plik nie jest plikiem PDF.',
      empty: 'Plik jest pusty.',
      tooLarge: `Plik jest większy, niż może być potwierdzenie (${RECEIPT_VERIFY_MAX_MB} MB).`,
    },
    provenKinds: {
      'letter-sent': 'wysłanie pisma',
      'case-submitted': 'złożenie sprawy',
      'document-added': 'dołączenie dokumentu do sprawy',
      'conversation-resolved': 'rozstrzygnięcie pisma',
      'case-status-changed': 'decyzję w sprawie',
    },
  },
});
