// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentDate } from '../../../client/components/current-date';

// React's act() needs to know it runs in a test environment (Testing Library sets this for its own renders).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('CurrentDate', () => {
  it("replaces the prerendered build date with the visitor's today once hydrated", async () => {
    // The page was prerendered on 2 January 2024 and is opened on 5 March 2026.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-01-02T10:00:00Z'));
    const html = renderToString(
      <p>
        Updated <CurrentDate format="long" />, © <CurrentDate format="year" />
      </p>,
    );
    expect(html).toContain('2 January 2024');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);

    vi.setSystemTime(new Date('2026-03-05T10:00:00Z'));
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(
        container,
        <p>
          Updated <CurrentDate format="long" />, © <CurrentDate format="year" />
        </p>,
      );
      await Promise.resolve();
    });
    expect(container.textContent).toBe('Updated 5 March 2026, © 2026');
    expect(errors).not.toHaveBeenCalled();
  });
});
