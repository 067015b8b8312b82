import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeadlineBadge } from './deadline-badge';

describe('the staff queues\u2019 deadline mark (issue 32 point 5)', () => {
  it('says due soon or overdue in words with an icon, never colour alone, and nothing while on time', () => {
    const { container, rerender } = render(<DeadlineBadge deadline="overdue" label="Overdue since 30 Nov 2026" />);
    expect(container).toHaveTextContent('Overdue since 30 Nov 2026');
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
    rerender(<DeadlineBadge deadline="due-soon" label="Due soon, by 30 Nov 2026" />);
    expect(container).toHaveTextContent('Due soon, by 30 Nov 2026');
    rerender(<DeadlineBadge deadline={null} label="Overdue" />);
    expect(container).toBeEmptyDOMElement();
  });
});
