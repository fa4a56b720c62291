import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  containsRedFlag,
  createRedFlagDetector,
  detectRedFlags,
  redFlagData,
  redFlagWords,
} from '../../../server/chat/red-flags';
import { chatRedFlagGroups } from '../../../shared/chat-red-flags';
import { emergencyMessages, ordinaryMessages } from './red-flag-messages';

describe('the table of realistic messages (issue #23.5)', () => {
  it('holds at least 150 emergencies, covering every category the issue names, and 60 ordinary messages', () => {
    expect(emergencyMessages.length).toBeGreaterThanOrEqual(150);
    expect(ordinaryMessages.length).toBeGreaterThanOrEqual(60);
    const categories = new Set(emergencyMessages.map(([category]) => category));
    for (const named of [
      'maternal',
      'child',
      'stroke',
      'poisoning',
      'burn',
      'snakebite',
      'injury',
      'collapse',
      'self-harm',
      'chest',
      'breathing',
    ] as const)
      expect(categories, named).toContain(named);
  });

  it.each(emergencyMessages)('flags a %s emergency: "%s"', (category, message) => {
    expect(detectRedFlags(message)).toContain(category);
    expect(containsRedFlag(message)).toBe(true);
  });

  it.each(ordinaryMessages)('does not flag "%s"', (message) => {
    expect(detectRedFlags(message)).toEqual([]);
    expect(containsRedFlag(message)).toBe(false);
  });
});

describe('how people write', () => {
  it.each([
    ["He CAN'T   breathe!!", 'he cant breathe .'],
    ['She can’t breathe', 'she cant breathe .'],
    ['I no fit breathe', 'i cant breathe .'],
    ['pleaseee helppp, bleeeding', 'please help , bleeding .'],
    ['My baby’s lips', 'my baby lips .'],
    ['she is unconcious and bleading', 'she is unconscious and bleeding .'],
    ['30weeks pregnant', '# weeks pregnant .'],
    ['Self-harm', 'selfharm .'],
    // Other apostrophes, tone marks, punctuation at the start and in runs, a bare carriage return as a line break.
    ['I can`t breathe', 'i cant breathe .'],
    ['he canʼt breathe', 'he cant breathe .'],
    ['Dr O’Shea', 'dr oshea .'],
    ['ọmọ mi', 'omo mi .'],
    ['!!! he collapsed', 'he collapsed .'],
    ['help!!\nmy baby is fitting', 'help . my baby is fitting .'],
    ['help!! my baby is fitting', 'help , my baby is fitting .'],
    ['Help?! my baby is fitting', 'help . my baby is fitting .'],
    ['She is not breathing.', 'she isnt breathing .'],
    ['no fever\rchest pain', 'no fever . chest pain .'],
    // Letters held down: kept double when that makes a word the data knows ("well", "swell*"), else single.
    ['blood dey comot wellll', 'blood dey comot well .'],
    ['her throat is swellllling', 'her throat is swelling .'],
    ['she bleeeeds a lot', 'she bleeds a lot .'],
    // Amounts are numbers, only four digits from 1900 to 2099 a year; letters after digits are a word of their own.
    ['I paid 20000 naira', 'i paid # naira .'],
    ['the scan cost 12000 naira in 2019', 'the scan cost # naira in year# .'],
    ['Covid19 jab', 'covid19 jab .'],
  ])('reads "%s" as "%s"', (message, words) => {
    expect(redFlagWords(message).join(' ')).toBe(words);
  });
});

describe('signs ruled out', () => {
  it.each([
    // A negator in the three words before, in the same clause; "or" carries it along a list.
    'no chest pain',
    'I am not having a heart attack',
    'I don’t have chest pain',
    'He doesn’t have chest pain, only a cough',
    'cough without shortness of breath',
    'no fever, no cough or shortness of breath',
    'She has never fainted',
    'She didn’t have a seizure',
    'No Severe Bleeding after the procedure',
    'not vomiting blood',
    'I no get chest pain',
    'e no be heart attack',
    'no overdose, just a question about dosage',
    // Past events and ends.
    'the chest pain went away last month',
    'I had a stroke last year',
    'my mum had a stroke two years ago',
    'I have had seizures before',
    'she was bleeding after the birth but it has stopped',
    'e don stop to bleed',
    'the fits stopped and he is fine now',
    'I had chest pain this morning but it went away',
    // An end right after the sign, and an end after it came back.
    'Seizure stopped after 2 minutes, he is sleeping now',
    'He had a seizure again this morning but it has stopped and he is sleeping',
  ])('does not flag "%s"', (message) => {
    expect(detectRedFlags(message)).toEqual([]);
  });

  it.each([
    // The guard applies to the sign's clause only.
    'No chest pain, but he collapsed',
    "I don't have chest pain but I can't breathe",
    'I never fainted before. Now I have chest pain',
    'no fever\nchest pain since morning',
    'I had a stroke last year and now his face is drooping',
    // Too far back to negate this sign.
    "I'm not sure if it's a heart attack",
    'not eating much and today he has chest pain',
    // A negator that is part of the sign, and an exclamation.
    'my baby is not breathing',
    'e no dey breathe',
    'oh no she collapsed',
    // Back again, or still happening.
    'he was bleeding heavily, it stopped but started again',
    // A past time on the context, not on the sign.
    'she is bleeding heavily after she gave birth last week',
    // A resolution word about something else.
    'My wife is bleeding heavily after birth and her headache has gone',
    'she had fits last year and she is fitting again now',
    'chest pain since last week',
    // An end that points back to an earlier clause, not to this sign.
    'it went away in the afternoon, but this evening he has chest pain',
  ])('flags "%s"', (message) => {
    expect(containsRedFlag(message)).toBe(true);
  });

  it('names each category once, in the order of the groups', () => {
    expect(detectRedFlags('I am 8 months pregnant, bleeding and having fits')).toEqual(['maternal', 'seizure']);
  });

  it('gives the same answer when asked again (no state left between calls)', () => {
    expect(containsRedFlag('no chest pain, no fits, he collapsed')).toBe(true);
    expect(containsRedFlag('no chest pain')).toBe(false);
    expect(containsRedFlag('he collapsed')).toBe(true);
  });
});

describe('a matcher for other data (the tests of red-flag-coverage.ts build them)', () => {
  it('names every phrase it finds, ruled out or not, by kind, group (-1 for the lists of guards) and place', () => {
    const { phrasesFound } = createRedFlagDetector(redFlagData);
    const found = [...phrasesFound('I had chest pain last week but it went away, and today it came back again')];
    expect(
      found.filter((key) => !/^(sign|near|unless):\d+:\d+$|^(past|resolved|ongoing|resumed):-1:\d+$/.test(key)),
    ).toEqual([]);
    const chest = chatRedFlagGroups.findIndex((group) => group.category === 'chest');
    for (const kind of [`sign:${chest}`, 'past:-1', 'resolved:-1', 'ongoing:-1', 'resumed:-1'])
      expect(
        found.some((key) => key.startsWith(`${kind}:`)),
        kind,
      ).toBe(true);
  });

  it('refuses data a clinical reviewer got wrong: an unknown word class, a phrase starting at a clause end', () => {
    const withSign = (sign: string) => ({
      ...redFlagData,
      groups: [{ category: 'chest' as const, name: 'a typo', signs: [sign] }],
    });
    expect(() => createRedFlagDetector(withSign('@chests pain'))).toThrow(
      'Unknown word class in red-flag data: @chests',
    );
    expect(() => createRedFlagDetector(withSign('$ chest pain'))).toThrow('A red-flag phrase cannot start with $');
  });
});

describe('the phrase data', () => {
  it('explains every group to the clinical reviewer: a comment right above it and a name of its own', () => {
    const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../../shared/chat-red-flags.ts'), 'utf8');
    const groupsText = source.slice(source.indexOf('export const chatRedFlagGroups'));
    const openings = [...groupsText.matchAll(/\n([^\n]*)\n {2}\{\n {4}category: /g)];
    expect(openings).toHaveLength(chatRedFlagGroups.length);
    for (const [, lineAbove] of openings) expect(lineAbove!.trim()).toMatch(/^\/\/ (?!———)/);
    const names = chatRedFlagGroups.map((group) => group.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
