import { describe, expect, it } from 'vitest';
import { hasUnsupportedCharacters, textNormalise } from '../../shared/text-normalise';

describe('textNormalise', () => {
  it('trims and NFC-normalises', () => {
    expect(textNormalise('  e\u0301  ')).toBe('\u00e9');
    expect(textNormalise('\tAda\n')).toBe('Ada');
  });

  it('finds NUL characters and lone surrogates, but accepts real emoji and scripts', () => {
    expect(hasUnsupportedCharacters('a\u0000b')).toBe(true);
    expect(hasUnsupportedCharacters('\uD83D')).toBe(true);
    expect(hasUnsupportedCharacters('x\uDE00')).toBe(true);
    expect(hasUnsupportedCharacters('\uDE00\uD83D')).toBe(true);
    expect(hasUnsupportedCharacters('Ọláolúwa 😀 مرحبا')).toBe(false);
  });
});
