import { caseName, type CaseResolutionResponse } from '@portal/contract';
import { DEFAULT_LANGUAGE, isLanguage, useTranslation } from '../../lib/i18n';

/** A case's name in the reader's language ("Vehicle registration - KR 12345"), as the emails name it. */
export function useCaseName(): (item: Pick<CaseResolutionResponse, 'id' | 'caseType' | 'vehicleNumberPlate'>) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (item) => caseName(item, language);
}
