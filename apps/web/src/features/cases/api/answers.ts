import {
  type AppealBody,
  type CaseAnswersResponse,
  caseAnswersResponse,
  type DecisionDeliveryResponse,
  decisionDeliveryResponse,
  type SupplementAnswerBody,
  type SupplementRequestBody,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { timelineQueryKey } from '../../../lib/timeline/query-key';
import { caseDetailsQueryKey, caseListsQueryKey, casesQueryKey } from './query-keys';

// Answering back on a case (issue 32 points 7 and 8): the calls, the query and the mutations.

export const caseAnswersQueryKey = (caseId: number) => [...casesQueryKey, 'answers', caseId] as const;

export const fetchCaseAnswers = (caseId: number): Promise<CaseAnswersResponse> => http.get(`/api/case-resolution/${caseId}/answers`, caseAnswersResponse);
export const deliverDecision = (caseId: number): Promise<DecisionDeliveryResponse> =>
  http.post(`/api/case-resolution/${caseId}/delivery`, undefined, decisionDeliveryResponse);
const requestSupplement = (caseId: number, body: SupplementRequestBody) => http.post(`/api/case-resolution/${caseId}/supplement-requests`, body, caseAnswersResponse);
const answerSupplement = (caseId: number, body: SupplementAnswerBody) => http.post(`/api/case-resolution/${caseId}/supplement-answer`, body, caseAnswersResponse);
const appeal = (caseId: number, body: AppealBody) => http.post(`/api/case-resolution/${caseId}/appeal`, body, caseAnswersResponse);

/** Read afresh each time the case opens: the office's request or decision may have come since (not the portal's 30 s). */
export function useCaseAnswers(caseId: number) {
  return useQuery({ queryKey: caseAnswersQueryKey(caseId), queryFn: () => fetchCaseAnswers(caseId), staleTime: 0 });
}

/**
 * After each step the case's answers, its details (status, due date), every list and its timeline
 * are read again: the timeline's own key follows status changes and documents only, so an answer
 * without a PDF, or an appeal, stayed off it until the page was reloaded.
 */
function useAnswerStep<B>(caseId: number, call: (caseId: number, body: B) => Promise<CaseAnswersResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => call(caseId, body),
    onSuccess: (answers) => {
      queryClient.setQueryData(caseAnswersQueryKey(caseId), answers);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: caseDetailsQueryKey(caseId) }),
        queryClient.invalidateQueries({ queryKey: caseListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: timelineQueryKey('case', caseId) }),
      ]);
    },
  });
}

export const useRequestSupplement = (caseId: number) => useAnswerStep(caseId, requestSupplement);
export const useAnswerSupplement = (caseId: number) => useAnswerStep(caseId, answerSupplement);
export const useAppeal = (caseId: number) => useAnswerStep(caseId, appeal);
