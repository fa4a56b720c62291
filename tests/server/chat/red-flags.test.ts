import { describe, expect, it } from 'vitest';
import { containsRedFlag } from '../../../server/chat/red-flags';
import { chatRedFlagPhrases } from '../../../shared/chat-red-flags';

const flagged = [
  // English, inside sentences, mixed case
  'My mum has chest pain',
  'He CAN’T BREATHE well',
  "she can't  breathe",
  'my son is unconscious',
  'heavy bleeding after delivery',
  'having a seizure now',
  'I am thinking of suicide',
  'I want to kill myself',
  'self harm',
  'Self-harm has been on my mind',
  'I think my dad is having a Heart Attack',
  'She has SHORTNESS OF BREATH since morning',
  'my husband fainted in the kitchen',
  'The child is having fits',
  'He has fits since yesterday',
  'he is vomiting blood',
  'Severe bleeding from a cut on his leg',
  'my brother took too many pills',
  'grandpa is coughing blood',
  'my baby stopped breathing for a moment',
  'He is not responding to us',
  'I have severe pain in my stomach',
  'a snake bite on her foot',
  'We had a road accident on the expressway',
  'I cannot wake him up',
  "I can't wake my mother",
  'she overdosed on her medicine',
  'Possible overdose, please help',
  'my sister is suicidal',
  'I keep thinking I should end my life',
  'he passed out at work',
  'she collapsed at church',
  'my dad is not breathing',
  'slurred speech and his face drooping',
  'I was stabbed',
  // Pidgin
  'My chest dey pain me well well',
  'my chest dey pain since morning',
  'I no fit breathe',
  'Abeg I NO FIT BREATHE o',
  'she don faint',
  'Mama don faint for market',
  'baby no dey breathe',
  'e no dey breathe, abeg help',
  'the pikin no dey breathe',
  'blood no gree stop',
  'the blood no gree stop since',
  'e don collapse for road',
  'I wan kill myself',
  'I wan kill my self',
  'I wan die',
  'e no dey respond',
  'snake don bite am for farm',
  'she drank sniper',
  // A negation in another clause does not cancel a later phrase
  'No chest pain, but he collapsed',
  "I don't have chest pain but I can't breathe",
  'I never fainted before. Now I have chest pain',
  'no fever\nchest pain since morning',
  // A negator more than three words before the phrase does not count
  "I'm not sure if it's a heart attack",
  'not eating much and today he has chest pain',
  // A negator inside the phrase itself is not a negation
  'my baby is not breathing',
];

const notFlagged = [
  'What are your opening hours?',
  'I need a breathing exercise guide',
  'Do you treat chest infections?',
  'unconsciously I forgot',
  'strokes of a brush',
  'chest x-ray results',
  'pain in my knee',
  'I fit breathe well now',
  'Can I book a blood test?',
  'Is heartburn after eating normal?',
  'What does a check-up cost?',
  'My invoice is overdue',
  // Negations
  'no chest pain',
  'I am not having a heart attack',
  "I don't have chest pain",
  'I don’t have chest pain',
  'I do not have chest pain',
  'He doesn’t have chest pain, only a cough',
  'cough without shortness of breath',
  'no fits',
  'She has never fainted',
  'Patient denies chest pain',
  'She didn’t have a seizure',
  'No severe pain, just a headache',
  'No Severe Bleeding after the procedure',
  'not vomiting blood',
  'I no get chest pain',
  'e no be heart attack',
  'my pikin no dey convulse again',
  'never had a seizure',
  'without any fits',
  'NO CHEST PAIN',
  'no overdose, just a question about dosage',
  'Not suicidal, just stressed',
];

describe('containsRedFlag', () => {
  it.each(flagged)('flags "%s"', (message) => {
    expect(containsRedFlag(message)).toBe(true);
  });

  it.each(notFlagged)('does not flag "%s"', (message) => {
    expect(containsRedFlag(message)).toBe(false);
  });

  it('flags every listed phrase on its own and in a sentence', () => {
    for (const phrase of chatRedFlagPhrases) {
      expect(containsRedFlag(phrase), phrase).toBe(true);
      expect(containsRedFlag(`Please help, ${phrase.toUpperCase()}!`), phrase).toBe(true);
    }
  });

  it('gives the same answer when asked again (no state left between calls)', () => {
    expect(containsRedFlag('no chest pain, no fits, he collapsed')).toBe(true);
    expect(containsRedFlag('no chest pain')).toBe(false);
    expect(containsRedFlag('he collapsed')).toBe(true);
  });
});
