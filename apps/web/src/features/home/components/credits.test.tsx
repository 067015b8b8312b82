import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Credits } from './credits';

const lines = () => screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('credits', () => {
  it('name the author, the university and the year', () => {
    render(<Credits credits={{ author: 'Anna Kowalska', university: 'Cracow University of Technology', year: '2025' }} />);
    expect(lines()).toEqual([
      ['Author', 'Anna Kowalska'],
      ['University', 'Cracow University of Technology'],
      ['Year', '2025'],
    ]);
  });

  it('leave out a line that is not configured instead of saying so', () => {
    render(<Credits credits={{ author: 'City Service Portal team', university: undefined, year: '2025' }} />);
    expect(lines()).toEqual([
      ['Author', 'City Service Portal team'],
      ['Year', '2025'],
    ]);
    expect(screen.queryByText(/not configured/i)).not.toBeInTheDocument();
  });
});
