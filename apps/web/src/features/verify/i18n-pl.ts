import { RECEIPT_VERIFY_MAX_MB } from '@portal/contract';

// The Polish of ./i18n.ts, fetched only for a reader of Polish; registerTranslations there checks
// that it has every English key.

export const pl = {
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
    'case-decision-delivered': 'doręczenie decyzji w sprawie',
    'case-supplement-answered': 'uzupełnienie sprawy przez wnioskodawcę',
    'case-appealed': 'wniesienie odwołania od decyzji w sprawie',
  },
};
