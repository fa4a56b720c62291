// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppForm } from '../../../../client/components/form/app-form';
import { Field } from '../../../../client/components/form/field';
import { formValue } from '../../../../client/components/form/form-value';
import { useAppForm } from '../../../../client/components/form/use-app-form';

afterEach(cleanup);

type Send = (email: string) => Promise<{ fieldErrors?: Record<string, string> }>;

/**
 * A form shaped like a staff form (issue #26.1): its fields are plain children, not a field list, it has no check code
 * to load, and its mutation's pending state is the busy label.
 */
function InviteProbe({ send }: { send: Send }) {
  const [busy, setBusy] = useState(false);
  const { formRef, summaryRef, ...form } = useAppForm({
    onLoadFailed: (errors) => errors.showErrors({}, 'Could not send the invitation.'),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.submit(async (_nothing, element) => {
      setBusy(true);
      try {
        const answer = await send(formValue(element, 'email'));
        if (answer.fieldErrors) form.showErrors(answer.fieldErrors);
        else form.clearErrors();
      } finally {
        setBusy(false);
      }
    })(event);
  return (
    <AppForm
      formRef={formRef}
      summaryRef={summaryRef}
      form={form}
      onSubmit={onSubmit}
      label="Invite a colleague"
      submit={{ label: 'Send invitation', busyLabel: 'Sending invitation…', busy }}
    >
      <Field id="invite-email" name="email" type="email" label="Email" error={form.fieldErrors.email} />
    </AppForm>
  );
}

describe('AppForm and useAppForm for a form whose fields are plain children', () => {
  it('sends once for a double click, shows the busy label, then the field error in the summary and at the field', async () => {
    let answer: (value: { fieldErrors?: Record<string, string> }) => void = () => undefined;
    const send = vi.fn<Send>(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    render(<InviteProbe send={send} />);
    const form = screen.getByRole('form', { name: 'Invite a colleague' });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sending invitation…' })).toHaveProperty('disabled', true),
    );
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('ada@example.com');

    act(() => answer({ fieldErrors: { email: 'This person already has an account.' } }));
    const link = await screen.findByRole('link', { name: 'This person already has an account.' });
    expect(screen.getByRole('alert').textContent).toContain('There is a problem');
    expect(link.getAttribute('href')).toBe('#invite-email');
    const email = screen.getByLabelText<HTMLInputElement>(/Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContainEqual(
      expect.stringContaining('This person already has an account.'),
    );
    expect(screen.getByRole('button', { name: 'Send invitation' })).toHaveProperty('disabled', false);

    // The guard is released: a second send goes out.
    fireEvent.submit(form);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    act(() => answer({}));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows the form-level message when the send fails unexpectedly, and keeps the answers', async () => {
    render(<InviteProbe send={() => Promise.reject(new Error('offline'))} />);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Invite a colleague' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Could not send the invitation.');
    expect(screen.getByLabelText<HTMLInputElement>(/Email/).value).toBe('ada@example.com');
  });
});
