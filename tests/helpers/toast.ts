import type { Page } from 'playwright-core';

/** Waits for the toast titled `title` and, when given, checks its description (the whole text, or a pattern). */
export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.waitFor({ state: 'visible' });
  if (description !== undefined) {
    await toast.getByText(description, { exact: typeof description === 'string' }).waitFor({ state: 'visible' });
  }
  return toast;
}
