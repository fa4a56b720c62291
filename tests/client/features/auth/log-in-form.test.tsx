// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../../client/components/toast/toast-provider';
import { LogInForm } from '../../../../client/features/auth/log-in-form';
import { stubTrpcFetch, trpcData, trpcError } from '../../trpc-fetch-stub';
import { settle } from '../../../helpers/settle';

// The form loads its checks (zod + schemas) on demand; warm that import so no wait below races a cold transform.
beforeAll(async () => {
  await import('../../../../client/features/auth/auth-actions');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const UNCONFIRMED = 'Please confirm your email address before logging in.';

function renderForm() {
  render(
    <ToastProvider>
      <LogInForm />
    </ToastProvider>,
  );
  fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'correct horse battery' } });
}

describe('log-in form on the tRPC mutation hooks (issue #12.6)', () => {
  it("shows 'Logging In...' while auth.logIn is pending and the server's message for UNAUTHORIZED", async () => {
    const trpc = stubTrpcFetch();
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    const busy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Logging In...' });
    expect(busy.disabled).toBe(true);
    expect(trpc.calls.map((call) => call.path)).toEqual(['auth.logIn']);
    expect(trpc.calls[0]!.input).toEqual({ email: 'ada@example.com', password: 'correct horse battery' });

    await settle(() => trpc.answer(trpcError(401, 'UNAUTHORIZED', 'Invalid email or password.')));
    await screen.findByText('Invalid email or password.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Log In' }).disabled).toBe(false);
  });

  it("offers a new link for FORBIDDEN and shows 'Sending Email...' while auth.resendConfirmation is pending", async () => {
    const trpc = stubTrpcFetch();
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(trpc.calls).toHaveLength(1));
    await settle(() => trpc.answer(trpcError(403, 'FORBIDDEN', UNCONFIRMED)));
    await screen.findByText(UNCONFIRMED);

    fireEvent.click(screen.getByRole('button', { name: 'Send a new confirmation email' }));
    const busy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Sending Email...' });
    expect(busy.disabled).toBe(true);
    expect(trpc.calls[1]).toEqual({ path: 'auth.resendConfirmation', input: { email: 'ada@example.com' } });

    await settle(() =>
      trpc.answer(trpcData({ message: 'If the address needs confirming, a new link is on its way.' })),
    );
    await screen.findByText('If the address needs confirming, a new link is on its way.');
    expect(screen.getByRole('button', { name: 'Send a new confirmation email' })).toBeTruthy();
  });
});
