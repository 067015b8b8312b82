import type { Role, UserSummary } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n';
import { LoadingState } from '../../../lib/ui/list-states';
import type { UserSearch } from '../api/calls';
import { useUserPages } from '../api/queries';
import { OBLIGATIONS_NS } from '../i18n';

type UserListProps = {
  search: UserSearch;
  role: Role;
  /** The list's name for assistive technology ('Citizens under AN'). */
  label: string;
  emptyText: string;
  selectedId: number | undefined;
  onSelect: (user: UserSummary) => void;
};

/** A label's users or a search's matches from the server, 50 at a time, each a button that selects the user. */
export function UserList({ search, role, label, emptyText, selectedId, onSelect }: UserListProps) {
  const { t } = useTranslation(OBLIGATIONS_NS);
  const pages = useUserPages(search, role);
  if (pages.isPending) return <LoadingState />;
  if (pages.isError) {
    console.error('[obligations] loading users failed', pages.error);
  }
  const users = pages.data?.pages.flatMap((page) => page.users) ?? [];
  if (users.length === 0) return <p className="empty-state user-list__empty">{emptyText}</p>;
  return (
    <div className="user-list" aria-busy={pages.isFetching}>
      <ul className="user-list__items" aria-label={label}>
        {users.map((user) => (
          <li key={user.id}>
            <button type="button" className="user-list__user" aria-pressed={user.id === selectedId} onClick={() => onSelect(user)}>
              <span className="user-list__username">{user.username}</span>
              <span className="user-list__name">
                {user.firstName} {user.lastName}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <button type="button" className="button button--secondary button--small" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {pages.isFetchingNextPage ? t('create.loadingMore') : t('create.showMore')}
        </button>
      )}
    </div>
  );
}
