import { type LetterRatingRequest, letterRatingResponse, ownRatingResponse, ratingLinkResponse } from '@portal/contract';
import { http } from '../http';

export const ownRatingQueryKey = (letterId: number) => ['letter-rating', letterId] as const;

/** The writer's own rating of a letter's answer, or null. */
export const fetchOwnRating = (letterId: number) => http.get(`/api/letters/${letterId}/rating`, ownRatingResponse);

export const rateInPortal = (letterId: number, rating: LetterRatingRequest) => http.post(`/api/letters/${letterId}/rating`, rating, letterRatingResponse);

/** The email link's letter (public: no sign-in). */
export const fetchRatingLink = (token: string) => http.get(`/api/ratings/${encodeURIComponent(token)}`, ratingLinkResponse);

export const rateByLink = (token: string, rating: LetterRatingRequest) => http.post(`/api/ratings/${encodeURIComponent(token)}`, rating, letterRatingResponse);
