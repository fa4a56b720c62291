// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppForm } from '../../../../client/components/form/app-form';
import { ToastProvider } from '../../../../client/components/toast/toast-provider';
import { appointmentMessages } from '../../../../client/features/forms/appointment/appointment-form';
import { StoredForm } from '../../../../client/features/forms/stored-form';

// The form loads its check (zod + schema) on demand; warm that import so no wait below races a cold transform.
beforeAll(async () => {
  await import('../../../../client/features/forms/stored-form-check');
});

afterEach(cleanup);

const noop = () => undefined;
const frameState = { summary: [], onFocus: noop, formName: 'newsletter' };

describe('AppForm and the stored forms drawn from their field lists', () => {
  it('render the shared frame in order, then the prefixed contact trio with values and errors', async () => {
    const { container } = render(
      <ToastProvider>
        <StoredForm
          name="appointment"
          messages={appointmentMessages}
          initialValues={{ fullName: 'Ada Obi', email: 'ada@example' }}
        />
      </ToastProvider>,
    );
    const form = screen.getByRole('form', { name: 'Book an appointment' });
    expect(form.className).toBe('app-form');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.hasAttribute('novalidate')).toBe(true);
    // The frame's order: error summary (none yet), the form's name, the bot trap, then the fields.
    expect(form.firstElementChild?.getAttribute('name')).toBe('formName');
    expect(form.children[1]?.className).toBe('app-form__trap');

    const name = screen.getByLabelText<HTMLInputElement>(/Full Name/);
    const email = screen.getByLabelText<HTMLInputElement>(/Email Address/);
    const phone = screen.getByLabelText<HTMLInputElement>(/Phone Number/);
    expect([name.id, email.id, phone.id]).toEqual(['appointment-full-name', 'appointment-email', 'appointment-phone']);
    expect([name.name, email.name, phone.name]).toEqual(['fullName', 'email', 'phone']);
    expect([name.autocomplete, email.autocomplete, phone.autocomplete]).toEqual(['name', 'email', 'tel']);
    expect([email.type, phone.type]).toEqual(['email', 'tel']);
    expect(name.value).toBe('Ada Obi');
    expect(email.value).toBe('ada@example');

    fireEvent.click(screen.getByRole('button', { name: 'Request Appointment' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(email.getAttribute('aria-describedby')).toBe('appointment-email-error');
    expect(container.querySelector('#appointment-email-error')?.textContent).toMatch(/^Error: \S/);
    expect(screen.getByRole('heading', { name: 'There is a problem' })).toBeTruthy();
  });

  it('leaves aria-label off when no label is given (the newsletter section names its form)', () => {
    const { container } = render(
      <AppForm formRef={null} summaryRef={null} form={frameState} onSubmit={noop} botTrapPrefix="newsletter">
        <p>fields</p>
      </AppForm>,
    );
    expect(container.querySelector('form')?.hasAttribute('aria-label')).toBe(false);
  });
});
