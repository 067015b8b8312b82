import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';
import { DateField, NumberField, TextField } from './text-field';

const options = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'PAID', label: 'Paid' },
];

describe('form fields', () => {
  it.each([
    ['text', 'Username', <TextField key="t" label="Username" error="Username is required" />],
    ['date', 'Due date', <DateField key="d" label="Due date" error="Due date is required" />],
    ['number', 'Amount', <NumberField key="n" label="Amount" error="Amount is required" />],
    ['select', 'Payment status', <SelectField key="s" label="Payment status" options={options} error="Payment status is required" />],
    ['textarea', 'Description', <TextAreaField key="a" label="Description" error="Description is required" />],
  ])('a %s field is labelled, marked invalid and described by the message shown under it', (_kind, label, field) => {
    const { container } = render(field);
    const control = screen.getByLabelText(label);
    expect(control).toHaveAttribute('aria-invalid', 'true');
    const message = screen.getByText(`${label} is required`);
    expect(control).toHaveAccessibleDescription(`${label} is required`);
    // Label, control, then the message: the message comes after the control in reading order.
    expect(control.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(container.firstElementChild).toHaveClass('field', 'field--invalid');
  });

  it('is neither invalid nor described when there is no message or hint', () => {
    render(<TextField label="Username" />);
    const input = screen.getByLabelText('Username');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('reads the hint before the message', () => {
    render(<TextField label="Password" hint="8 to 50 characters" error="Password is required" />);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('8 to 50 characters Password is required');
  });

  it('can point at a message several fields share, without repeating it', () => {
    render(
      <>
        <p id="shared">Subject, body, and department are required.</p>
        <TextField label="Subject" invalid describedBy="shared" />
        <SelectField label="Department" options={options} placeholder="Choose a department" invalid describedBy="shared" />
      </>,
    );
    for (const label of ['Subject', 'Department']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Subject, body, and department are required.');
    }
    expect(screen.getAllByText('Subject, body, and department are required.')).toHaveLength(1);
  });

  it('gives a select an empty first choice when asked, and a number field any decimal step', () => {
    render(
      <>
        <SelectField label="Department" options={options} placeholder="Choose a department" defaultValue="" />
        <NumberField label="Amount" />
      </>,
    );
    expect(screen.getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'Choose a department'],
      ['PENDING', 'Pending'],
      ['PAID', 'Paid'],
    ]);
    expect(screen.getByLabelText('Amount')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Amount')).toHaveAttribute('step', 'any');
  });
});
