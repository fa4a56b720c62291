import { describe, expect, it } from 'vitest';
import { STOP_KEYWORDS, isStopKeyword } from '../../../shared/messaging/consent';

describe('STOP and its synonyms', () => {
  it.each(['STOP', 'stop', ' Stop ', 'STOP.', 'stop!!', 'Stop!.', 'stopall', 'Unsubscribe', 'cancel', 'END', 'quit'])(
    '%j ends texts',
    (text) => expect(isStopKeyword(text)).toBe(true),
  );

  it.each(['stop it please', 'non-stop', 'STOPPED', 'please stop', 'STO P', '.STOP', 'STOP?', ''])(
    '%j does not: only the keyword on its own is an opt-out',
    (text) => expect(isStopKeyword(text)).toBe(false),
  );

  it('knows the keywords the gateways honour', () => {
    expect(STOP_KEYWORDS).toEqual(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
  });
});
