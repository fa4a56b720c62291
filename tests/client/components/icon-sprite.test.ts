import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconNames } from '../../../client/components/icon';

describe('icon sprite', () => {
  it('has exactly one symbol for every icon name', () => {
    const sprite = fs.readFileSync(path.resolve(import.meta.dirname, '../../../client/assets/icons.svg'), 'utf8');
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect([...ids].sort()).toEqual([...iconNames].sort());
  });
});
