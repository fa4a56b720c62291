import { describe, expect, it } from 'vitest';
import { containsRedFlag } from '../../../server/chat/red-flags';

describe('containsRedFlag', () => {
  it.each([
    'My mum has chest pain',
    'He CAN’T BREATHE well',
    "she can't  breathe",
    'my son is unconscious',
    'heavy bleeding after delivery',
    'having a seizure now',
    'I am thinking of suicide',
    'I want to kill myself',
    'self harm',
  ])('flags "%s"', (message) => {
    expect(containsRedFlag(message)).toBe(true);
  });

  it.each([
    'What are your opening hours?',
    'I need a breathing exercise guide',
    'Do you treat chest infections?',
    'unconsciously I forgot',
  ])('does not flag "%s"', (message) => {
    expect(containsRedFlag(message)).toBe(false);
  });
});
