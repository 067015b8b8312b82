import { zodResolver } from '@hookform/resolvers/zod';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { i18n } from '../i18n';
import { ErrorSummary } from './error-summary';
import { fieldMessages } from './form-errors';
import { TextField } from './text-field';

// The schema lists the fields in another order than the form shows them: the summary follows the form.
const schema = z.object({
  phone: z.string().check(z.regex(/^\d{9}$/, 'Phone number must be 9 digits')),
  name: z.object({ first: z.string().check(z.minLength(1, 'First name is required')) }),
  email: z.string().check(z.minLength(1, 'Email is required')),
});
type Values = z.infer<typeof schema>;

function ContactForm({ onSubmit = () => undefined, mode = 'onSubmit' }: { onSubmit?: (values: Values) => void; mode?: 'onSubmit' | 'onChange' }) {
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { phone: '', name: { first: '' }, email: '' }, mode, shouldFocusError: false });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <h2>Contact</h2>
      <ErrorSummary errors={errors} submitCount={submitCount} />
      <TextField label="First name" error={errors.name?.first?.message} {...register('name.first')} />
      <TextField label="Email" error={errors.email?.message} {...register('email')} />
      <TextField label="Phone number" error={errors.phone?.message} {...register('phone')} />
      <button type="submit">Send</button>
    </form>
  );
}

const summary = () => screen.queryByRole('alert', { name: 'There is a problem' });
const links = () => within(screen.getByRole('alert')).getAllByRole('link');

describe('ErrorSummary', () => {
  it('appears only after a submit, lists every message as a link in the order of the form, and takes focus', async () => {
    render(<ContactForm />);
    expect(summary()).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Phone number'), '12');
    expect(summary()).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    const box = summary();
    expect(box).toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(within(box as HTMLElement).getByRole('heading', { level: 3 })).toHaveTextContent('There is a problem');
    expect(links().map((link) => link.textContent)).toEqual(['First name is required', 'Email is required', 'Phone number must be 9 digits']);
    expect(links().map((link) => link.getAttribute('href'))).toEqual(
      ['First name', 'Email', 'Phone number'].map((label) => `#${screen.getByLabelText(label).id}`),
    );
    // Beside the messages under the fields, never instead of them.
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
  });

  it('takes the reader to the field when a link is followed', async () => {
    render(<ContactForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    await userEvent.click(screen.getByRole('link', { name: 'Phone number must be 9 digits' }));

    expect(screen.getByLabelText('Phone number')).toHaveFocus();
  });

  it('drops each message as its field is fixed, and goes with the last one', async () => {
    render(<ContactForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    await userEvent.type(screen.getByLabelText('Email'), 'anna@example.org');
    expect(links().map((link) => link.textContent)).toEqual(['First name is required', 'Phone number must be 9 digits']);

    await userEvent.type(screen.getByLabelText('First name'), 'Anna');
    await userEvent.type(screen.getByLabelText('Phone number'), '501234567');
    expect(summary()).not.toBeInTheDocument();
  });

  it('keeps an error that appears while typing for the next submit, then lists it', async () => {
    render(<ContactForm mode="onChange" />);
    await userEvent.type(screen.getByLabelText('Phone number'), '501234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(links()).toHaveLength(2);

    await userEvent.type(screen.getByLabelText('Phone number'), '0');
    // Under the field at once, in the summary only from the next submit.
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('Phone number must be 9 digits');
    expect(links()).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(links()).toHaveLength(3);
    expect(summary()).toHaveFocus();
  });

  it('is not shown when the form is valid, and the form is sent', async () => {
    const onSubmit = vi.fn();
    render(<ContactForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('First name'), 'Anna');
    await userEvent.type(screen.getByLabelText('Email'), 'anna@example.org');
    await userEvent.type(screen.getByLabelText('Phone number'), '501234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(onSubmit).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists a message several fields share once, linked to the first of them', async () => {
    const shared = 'Subject, body, and department are required.';
    const letter = z.object({ subject: z.string().check(z.minLength(1, shared)), body: z.string().check(z.minLength(1, shared)) });
    function LetterForm() {
      const {
        register,
        handleSubmit,
        formState: { errors, submitCount },
      } = useForm({ resolver: zodResolver(letter), defaultValues: { subject: '', body: '' }, shouldFocusError: false });
      return (
        <form noValidate onSubmit={handleSubmit(() => undefined)}>
          <ErrorSummary id="letter-errors" errors={errors} submitCount={submitCount} />
          <TextField label="Subject" invalid={Boolean(errors.subject)} describedBy={errors.subject ? 'letter-errors-list' : undefined} {...register('subject')} />
          <TextField label="Body" invalid={Boolean(errors.body)} describedBy={errors.body ? 'letter-errors-list' : undefined} {...register('body')} />
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<LetterForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(links().map((link) => link.textContent)).toEqual([shared]);
    expect(links()[0]).toHaveAttribute('href', `#${screen.getByLabelText('Subject').id}`);
    expect(screen.getByLabelText('Body')).toHaveAccessibleDescription(shared);
  });

  it('is headed in Polish when the page is', async () => {
    render(<ContactForm />);
    await act(() => i18n.changeLanguage('pl'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert', { name: 'Wystąpił problem' })).toBeInTheDocument();
  });
});

describe('fieldMessages', () => {
  it("flattens nested errors to react-hook-form's dotted names and leaves the form's root error out", () => {
    // As react-hook-form holds them (its type for 'root' is looser than what it stores).
    const errors = {
      vehicle: { vehicleVin: { type: 'too_small', message: 'Vin number is required.' } },
      comments: { type: 'too_big', message: 'Too long' },
      root: { type: 'server', message: 'Try again' },
    } as unknown as FieldErrors;
    expect(fieldMessages(errors)).toEqual([
      { name: 'vehicle.vehicleVin', message: 'Vin number is required.' },
      { name: 'comments', message: 'Too long' },
    ]);
  });

  it('lists first a problem with a choice made outside the form, linked to the control that fixes it', async () => {
    const user = userEvent.setup();
    function WithPicker() {
      const [missing, setMissing] = useState(false);
      const {
        handleSubmit,
        formState: { errors, submitCount },
      } = useForm<{ amount: string }>({ defaultValues: { amount: '' }, shouldFocusError: false });
      return (
        <>
          <label>
            Find a citizen
            <input id="picker-search" />
          </label>
          <form noValidate onSubmit={handleSubmit(() => setMissing(true))}>
            <ErrorSummary errors={errors} submitCount={submitCount} outside={missing ? [{ name: 'user', message: 'Please select a user.', targetId: 'picker-search' }] : []} />
            <button type="submit">Create</button>
          </form>
        </>
      );
    }
    render(<WithPicker />);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole('link', { name: 'Please select a user.' });
    await user.click(link);
    expect(screen.getByLabelText('Find a citizen')).toHaveFocus();
  });
});

