// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContactDetailsFields } from '../../../../client/features/forms/contact-details-fields';
import { StoredFormFrame } from '../../../../client/features/forms/stored-form-frame';

afterEach(cleanup);

const noop = () => undefined;

describe('StoredFormFrame and ContactDetailsFields', () => {
  it('render the shared frame in order, then the prefixed contact trio with values and errors', () => {
    const { container } = render(
      <StoredFormFrame
        formRef={null}
        summaryRef={null}
        form={{ summary: [], onSubmit: noop, onFocus: noop, formName: 'newsletter', sentNotice: null }}
        label="Book an appointment"
        botTrapPrefix="appointment"
      >
        <ContactDetailsFields
          idPrefix="appointment"
          initialValues={{ fullName: 'Ada Obi', email: 'ada@example.com' }}
          errors={{ email: 'Enter a valid email address.' }}
        />
      </StoredFormFrame>,
    );
    const form = screen.getByRole('form', { name: 'Book an appointment' });
    expect(form.className).toBe('app-form');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.hasAttribute('novalidate')).toBe(true);

    const name = screen.getByLabelText<HTMLInputElement>(/Full Name/);
    const email = screen.getByLabelText<HTMLInputElement>(/Email Address/);
    const phone = screen.getByLabelText<HTMLInputElement>(/Phone Number/);
    expect([name.id, email.id, phone.id]).toEqual(['appointment-full-name', 'appointment-email', 'appointment-phone']);
    expect([name.name, email.name, phone.name]).toEqual(['fullName', 'email', 'phone']);
    expect([name.autocomplete, email.autocomplete, phone.autocomplete]).toEqual(['name', 'email', 'tel']);
    expect([email.type, phone.type]).toEqual(['email', 'tel']);
    expect(name.value).toBe('Ada Obi');
    expect(email.value).toBe('ada@example.com');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(container.textContent).toContain('Enter a valid email address.');
  });

  it('leaves aria-label off when no label is given (the newsletter section names its form)', () => {
    const { container } = render(
      <StoredFormFrame
        formRef={null}
        summaryRef={null}
        form={{ summary: [], onSubmit: noop, onFocus: noop, formName: 'newsletter', sentNotice: null }}
        botTrapPrefix="newsletter"
      >
        <p>fields</p>
      </StoredFormFrame>,
    );
    expect(container.querySelector('form')?.hasAttribute('aria-label')).toBe(false);
  });
});
