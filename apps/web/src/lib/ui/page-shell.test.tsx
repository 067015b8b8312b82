import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { PageShell } from './page-shell';

describe('PageShell', () => {
  it('shows the heading and the welcome line and titles the browser tab in the current language', async () => {
    const { rerender } = render(<PageShell title="Admin Dashboard" welcome="Welcome, Katarzyna Wójcik!" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Katarzyna Wójcik!')).toBeInTheDocument();
    expect(document.title).toBe('Admin Dashboard - City Service Portal');

    await act(() => i18n.changeLanguage('pl'));
    rerender(<PageShell title="Panel administratora" />);
    expect(document.title).toBe('Panel administratora - Portal Usług Miejskich');
  });

  it('puts its tabs under the heading', () => {
    render(
      <PageShell<'register' | 'manage'>
        title="Admin Dashboard"
        tabs={{
          label: 'Employees',
          selected: 'manage',
          onSelect: () => {},
          tabs: [
            { id: 'register', label: 'Register Employee', panel: <p>Form</p> },
            { id: 'manage', label: 'Manage Employees', panel: <p>Table</p> },
          ],
        }}
      />,
    );
    expect(screen.getByRole('tab', { name: 'Manage Employees' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Manage Employees' })).toHaveTextContent('Table');
  });

  it('may title the tab differently from the heading', () => {
    render(<PageShell title="Financial Obligations for Anna Nowak" documentTitle="Financial Obligations" />);
    expect(document.title).toBe('Financial Obligations - City Service Portal');
  });
});
