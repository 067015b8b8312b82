import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListStates } from './list-states';

function renderStates(state: { isPending?: boolean; isError?: boolean; isEmpty?: boolean; errorText?: string }) {
  return render(
    <ListStates isPending={state.isPending ?? false} isError={state.isError} isEmpty={state.isEmpty ?? false} emptyText="No employees yet." errorText={state.errorText}>
      <ul aria-label="Employees">
        <li>Jan Kowalski</li>
      </ul>
    </ListStates>,
  );
}

describe('list states', () => {
  it("says 'Loading...' as a status while loading", () => {
    renderStates({ isPending: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says the empty text when there is nothing to list', () => {
    renderStates({ isEmpty: true });
    expect(screen.getByText('No employees yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it("announces the spec's failure message when a load fails", () => {
    renderStates({ isPending: true, isError: true, isEmpty: true, errorText: 'Failed to fetch employees.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch employees.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows nothing about a failure the spec only logs: the empty text stands', () => {
    renderStates({ isError: true, isEmpty: true });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('No employees yet.')).toBeInTheDocument();
  });

  it('shows the list once loaded', () => {
    renderStates({});
    expect(screen.getByRole('list', { name: 'Employees' })).toHaveTextContent('Jan Kowalski');
  });
});
