import type { ConversationListItem } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { fetchOwnRating, ownRatingQueryKey, rateInPortal } from '../../../lib/rating/api';
import { RATING_NS } from '../../../lib/rating/i18n';
import { RatingForm } from '../../../lib/rating/rating-form';
import { MatterTimeline } from '../../../lib/timeline/matter-timeline';
import { LETTERS_NS } from '../i18n';

/**
 * Below a citizen's open letter (issue 32): its timeline, and once resolved the rating of the
 * answer. A chunk of its own (user-conversations.tsx loads it lazily): /user's first download
 * stays within its budget.
 */
export default function LetterHistory({ conversation }: { conversation: ConversationListItem }) {
  const { t } = useTranslation(LETTERS_NS);
  const { t: tr } = useTranslation(RATING_NS);
  const message = useMessageText();
  const queryClient = useQueryClient();
  const resolved = conversation.status === 'RESOLVED';
  const rating = useQuery({ queryKey: ownRatingQueryKey(conversation.letterId), queryFn: () => fetchOwnRating(conversation.letterId), enabled: resolved });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ownRatingQueryKey(conversation.letterId) });
    void queryClient.invalidateQueries({ queryKey: ['timeline', 'letter', conversation.letterId] });
  };
  return (
    <div className="letter-history">
      <MatterTimeline
        matter="letter"
        id={conversation.letterId}
        version={`${conversation.status}-${rating.data?.rating?.ratedAt ?? ''}`}
        departmentLabel={(name) => t(`departments.${name}`)}
      />
      {resolved && rating.data ? (
        rating.data.rating ? (
          <p className="letter-history__rated" role="status">
            {tr('yourRating', { rating: tr(rating.data.rating.helpful ? 'helpfulShort' : 'notHelpfulShort') })}
          </p>
        ) : (
          <RatingForm
            send={(body) => rateInPortal(conversation.letterId, body)}
            onRated={() => {
              notify(tr('thanks'), 'success', { key: `rating.${conversation.letterId}` });
              refresh();
            }}
            onRefused={(error) => {
              notify(message(error.message) ?? error.message, 'error', { key: `rating.${conversation.letterId}` });
              refresh();
            }}
          />
        )
      ) : null}
    </div>
  );
}
