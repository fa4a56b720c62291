/**
 * The chat's matcher is built when the server loads server/chat/red-flags.ts. This file loads it inside a test, not
 * with an import at the top: an error while the matcher is built then fails this test, whereas a test file whose
 * import fails runs no test at all, which Stryker's vitest runner counts as a mutant that survived (issue #25.3).
 */
import { describe, expect, it } from 'vitest';

describe('the chat matcher as the server loads it', () => {
  it('is built from the data and answers', async () => {
    const { containsRedFlag, detectRedFlags } = await import('../../../server/chat/red-flags');
    expect(detectRedFlags('my wife dey bleed well well after she born')).toEqual(['maternal', 'bleeding']);
    expect(containsRedFlag('How much is a chest X-ray?')).toBe(false);
  });
});
