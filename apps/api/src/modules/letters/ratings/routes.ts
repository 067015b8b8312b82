import {
  idParams,
  jsonBodyLimit,
  letterRatingRequest,
  letterRatingResponse,
  ownRatingResponse,
  RATING_COMMENT_MAX,
  ratingLinkResponse,
  ratingTokenParams,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http-schemas.js';
import { requestLanguageOf } from '../../../plugins/request-language.js';
import type { RatingsService } from './service.js';

export interface RatingsRoutesOptions {
  ratings: RatingsService;
}

const bodyLimit = jsonBodyLimit(RATING_COMMENT_MAX);

/** Rating a resolved letter: in the portal (its writer) and from the email's link (public, signed). */
export const ratingsRoutes: FastifyPluginAsyncZod<RatingsRoutesOptions> = async (app, { ratings }) => {
  app.get(
    '/api/letters/:id/rating',
    {
      schema: {
        tags: ['letters'],
        summary: 'The writer\u2019s own rating of a letter\u2019s answer, or null',
        params: idParams,
        response: { 200: ownRatingResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ rating: await ratings.ownRating(request.params.id) }),
  );
  app.post(
    '/api/letters/:id/rating',
    {
      bodyLimit,
      schema: {
        tags: ['letters'],
        summary: 'Rate the answer to a resolved letter: helpful or not, with an optional comment; once',
        params: idParams,
        body: letterRatingRequest,
        response: { 201: letterRatingResponse, ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    async (request, reply) => reply.status(201).send(await ratings.rateInPortal(request.params.id, request.body, requestLanguageOf(request))),
  );
  app.get(
    '/api/ratings/:token',
    {
      schema: {
        tags: ['letters'],
        summary: 'The rating link\u2019s letter: its reference and subject, and whether it was rated',
        params: ratingTokenParams,
        response: { 200: ratingLinkResponse, ...errorResponses(400, 404, 410) },
      },
    },
    async (request) => ratings.linkPage(request.params.token),
  );
  app.post(
    '/api/ratings/:token',
    {
      bodyLimit,
      schema: {
        tags: ['letters'],
        summary: 'Rate the answer to the letter the signed link names, without signing in; once',
        params: ratingTokenParams,
        body: letterRatingRequest,
        response: { 201: letterRatingResponse, ...errorResponses(400, 404, 409, 410, 413) },
      },
    },
    async (request, reply) => reply.status(201).send(await ratings.rateByLink(request.params.token, request.body, requestLanguageOf(request))),
  );
};
