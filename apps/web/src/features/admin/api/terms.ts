import {
  type CaseTermsRequest,
  caseTermsResponse,
  type LetterTermsRequest,
  letterTermsResponse,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { auditQueryKey, termsQueryKey } from './query-keys';

// The admin's legal terms (issue 32): one call per operation, its query and its mutation.

export const fetchLetterTerms = () => http.get('/api/terms/letters', letterTermsResponse);
export const fetchCaseTerms = () => http.get('/api/terms/cases', caseTermsResponse);
export const saveLetterTerms = (body: LetterTermsRequest) => http.put('/api/terms/letters', body, letterTermsResponse);
export const saveCaseTerms = (body: CaseTermsRequest) => http.put('/api/terms/cases', body, caseTermsResponse);

export const useLetterTerms = () => useQuery({ queryKey: [...termsQueryKey, 'letters'], queryFn: fetchLetterTerms });
export const useCaseTerms = () => useQuery({ queryKey: [...termsQueryKey, 'cases'], queryFn: fetchCaseTerms });

/** A saved change is audited: the terms and the log are both stale afterwards. */
export function useSaveTermsMutation<T>(save: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: termsQueryKey }), queryClient.invalidateQueries({ queryKey: auditQueryKey })]);
    },
  });
}
