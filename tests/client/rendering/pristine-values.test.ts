// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { rememberPristine, resetToPristine } from '../../../client/rendering/pristine-values';

// What the server sends: empty fields, one default (1 traveller), a select with its placeholder, a checked radio.
const SERVER_MARKUP = `<form>
  <input name="fullName" value="">
  <input name="email" type="email">
  <input name="numberOfTravelers" type="number" value="1">
  <select name="serviceType"><option value="">Choose…</option><option value="Lab">Lab</option></select>
  <textarea name="message"></textarea>
  <input type="radio" name="contact" value="email" checked><input type="radio" name="contact" value="phone">
  <input type="hidden" name="idempotencyKey" value="k-1">
</form>`;

/** The live form as the island builds it: the typed-early values became its defaults. */
function liveFormTypedEarly() {
  const container = document.createElement('div');
  container.setAttribute('data-island', 'test-form');
  container.innerHTML = `<form>
    <input name="fullName" value="Amaka Obi">
    <input name="email" type="email" value="amaka@example.ng">
    <input name="numberOfTravelers" type="number" value="3">
    <select name="serviceType"><option value="">Choose…</option><option value="Lab" selected>Lab</option></select>
    <textarea name="message">Typed before the script came</textarea>
    <input type="radio" name="contact" value="email"><input type="radio" name="contact" value="phone" checked>
    <input type="hidden" name="idempotencyKey" value="k-1">
  </form>`;
  document.body.append(container);
  return { container, form: container.querySelector('form')! };
}

const valuesOf = (form: HTMLFormElement) => Object.fromEntries(new FormData(form));

describe('resetToPristine (issue #15: cleared means cleared)', () => {
  it("empties what was typed before the form went live and restores the server's own defaults", () => {
    const { form } = liveFormTypedEarly();
    rememberPristine('test-form', SERVER_MARKUP);
    resetToPristine(form);
    expect(valuesOf(form)).toEqual({
      fullName: '',
      email: '',
      numberOfTravelers: '1',
      serviceType: '',
      message: '',
      contact: 'email',
      idempotencyKey: 'k-1',
    });
  });

  it('without prerendered markup (client-side navigation) is a plain reset', () => {
    const { container, form } = liveFormTypedEarly();
    container.setAttribute('data-island', 'navigated-form');
    (form.elements.namedItem('fullName') as HTMLInputElement).value = 'Changed later';
    resetToPristine(form);
    expect(valuesOf(form).fullName).toBe('Amaka Obi');
  });
});
