// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../../client/components/toast/toast-provider';
import { newsletterMessages } from '../../../../client/features/forms/newsletter/newsletter-form';
import { StoredForm } from '../../../../client/features/forms/stored-form';
import { rateLimitMessage } from '../../../../shared/form-messages';
import { stubTrpcFetch, trpcData, trpcError } from '../../trpc-fetch-stub';
import { settle } from '../../../helpers/settle';

// The form loads its check (zod + schema) on demand; warm that import so no wait below races a cold transform.
beforeAll(async () => {
  await import('../../../../client/features/forms/stored-form-check');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BUSY_TEXT = 'The service is busy right now. Please try again in a moment.';

function renderForm() {
  render(
    <ToastProvider>
      <StoredForm name="newsletter" messages={newsletterMessages} openedAt={0} />
    </ToastProvider>,
  );
  const email = screen.getByLabelText<HTMLInputElement>(/Email Address/);
  const type = (value: string) => fireEvent.change(email, { target: { value } });
  const send = () => fireEvent.click(screen.getByRole('button', { name: /Subscribe/ }));
  return { email, type, send };
}

describe('newsletter live form on the tRPC mutation hook (issue #12.6)', () => {
  it('shows Subscribing... while the mutation is pending, sends once for a double click, then clears the form and toasts', async () => {
    const trpc = stubTrpcFetch();
    const { email, type, send } = renderForm();
    type('ada@example.com');
    send();
    send();

    const busy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Subscribing...' });
    expect(busy.disabled).toBe(true);
    expect(trpc.calls).toHaveLength(1);
    expect(trpc.calls[0]!.path).toBe('forms.subscribeNewsletter');
    expect(trpc.calls[0]!.input.email).toBe('ada@example.com');

    await settle(() => trpc.answer(trpcData({ reference: 'NWS-0001' })));
    await screen.findByText('Subscribed!');
    expect(screen.getByText('Thank you for subscribing to our newsletter.')).toBeTruthy();
    expect(email.value).toBe('');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Subscribe' }).disabled).toBe(false);
  });

  it('reads 429 and 503 as TRPCClientError (retryAfterSeconds, message), keeps the answers and the idempotency key, and renews the key after success', async () => {
    const trpc = stubTrpcFetch();
    const { email, type, send } = renderForm();
    type('ada@example.com');

    send();
    await waitFor(() => expect(trpc.calls).toHaveLength(1));
    await settle(() =>
      trpc.answer(trpcError(429, 'TOO_MANY_REQUESTS', 'Too many requests', { retryAfterSeconds: 30 })),
    );
    await screen.findByText(rateLimitMessage(30));
    expect(email.value).toBe('ada@example.com');

    send();
    await waitFor(() => expect(trpc.calls).toHaveLength(2));
    await settle(() => trpc.answer(trpcError(503, 'SERVICE_UNAVAILABLE', BUSY_TEXT)));
    await screen.findByText(BUSY_TEXT);
    await screen.findByText('Subscription Failed');
    expect(email.value).toBe('ada@example.com');

    send();
    await waitFor(() => expect(trpc.calls).toHaveLength(3));
    await settle(() => trpc.answer(trpcData({ reference: 'NWS-0002' })));
    await screen.findByText('Subscribed!');

    type('ada@example.com');
    send();
    await waitFor(() => expect(trpc.calls).toHaveLength(4));
    const keys = trpc.calls.map((call) => call.input.idempotencyKey);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('shows the server field errors from the error data and keeps the answer', async () => {
    const trpc = stubTrpcFetch();
    const { email, type, send } = renderForm();
    type('ada@example.com');
    send();
    await waitFor(() => expect(trpc.calls).toHaveLength(1));
    await settle(() =>
      trpc.answer(
        trpcError(400, 'BAD_REQUEST', 'Invalid input', {
          fieldErrors: { email: ['This address cannot receive email.'] },
        }),
      ),
    );
    expect((await screen.findAllByText('This address cannot receive email.')).length).toBeGreaterThan(0);
    expect(email.value).toBe('ada@example.com');
    expect(screen.queryByText('Subscribed!')).toBeNull();
  });
});
