// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmitButton } from '../../../../client/components/form/submit-button';
import { ToastProvider } from '../../../../client/components/toast/toast-provider';
import { useStoredForm } from '../../../../client/features/forms/use-stored-form';

afterEach(cleanup);

type Input = { email: string; website?: string; fillMs?: number; idempotencyKey?: string };

function Probe({ isPending }: { isPending: boolean }) {
  const form = useStoredForm<Input>({
    formName: 'newsletter',
    load: () => Promise.resolve({ validate: () => null }),
    mutation: { mutateAsync: vi.fn(() => Promise.resolve({ reference: 'X-1' })), isPending },
    read: () => ({ email: 'ada@example.com' }),
    success: () => ({ title: 'Sent' }),
    failure: { title: 'Failed' },
  });
  return (
    <form ref={form.formRef} onSubmit={(event) => void form.onSubmit(event)}>
      <SubmitButton busy={form.busy} busyLabel="Subscribing...">
        Subscribe
      </SubmitButton>
    </form>
  );
}

describe('useStoredForm busy state (issue #12.6)', () => {
  it("is the mutation's isPending, so a pending mutation shows the busy label and disables the button", () => {
    const { rerender } = render(
      <ToastProvider>
        <Probe isPending />
      </ToastProvider>,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Subscribing...' }).disabled).toBe(true);
    rerender(
      <ToastProvider>
        <Probe isPending={false} />
      </ToastProvider>,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Subscribe' }).disabled).toBe(false);
  });
});
