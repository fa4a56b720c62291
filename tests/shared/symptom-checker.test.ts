import { describe, it, expect } from 'vitest';
import {
  NO_MATCH_MESSAGE,
  RESULTS_CAP,
  careLevelLabels,
  careLevelRank,
  conditions,
  emergencySigns,
  getResults,
  isSymptomId,
  maxCareLevel,
  symptomCheckerTexts,
  symptomConditions,
  symptomIds,
  symptomSteps,
  type CareLevel,
  type SymptomId,
} from '../../shared/symptom-checker';

const highestCareLevel = (levels: CareLevel[]): CareLevel =>
  levels.reduce((a, b) => (careLevelRank[b] > careLevelRank[a] ? b : a));

/** Every way to pick one symptom per step, as the UI allows. */
const onePerStep: SymptomId[][] = symptomSteps[0]!.symptoms.flatMap((a) =>
  symptomSteps[1]!.symptoms.flatMap((b) => symptomSteps[2]!.symptoms.map((c) => [a.id, b.id, c.id])),
);

describe('symptom steps', () => {
  it('has exactly 3 steps of 4 symptoms with the spec ids and labels', () => {
    expect(
      symptomSteps.map((step) => ({
        id: step.id,
        title: step.title,
        symptoms: step.symptoms.map((s) => [s.id, s.label]),
      })),
    ).toEqual([
      {
        id: 'primary',
        title: 'Primary',
        symptoms: [
          ['fever', 'Fever'],
          ['cough', 'Cough'],
          ['headache', 'Headache'],
          ['fatigue', 'Fatigue'],
        ],
      },
      {
        id: 'secondary',
        title: 'Secondary',
        symptoms: [
          ['sore_throat', 'Sore Throat'],
          ['short_breath', 'Shortness of Breath'],
          ['body_aches', 'Body Aches'],
          ['nausea_vomiting', 'Nausea/Vomiting'],
        ],
      },
      {
        id: 'additional',
        title: 'Additional',
        symptoms: [
          ['runny_nose', 'Runny Nose'],
          ['diarrhea', 'Diarrhea'],
          ['rash', 'Rash'],
          ['dizziness', 'Dizziness'],
        ],
      },
    ]);
    expect(symptomIds).toHaveLength(12);
    expect(new Set(symptomIds).size).toBe(12);
  });

  it('recognises symptom ids', () => {
    expect(isSymptomId('fever')).toBe(true);
    expect(isSymptomId('toString')).toBe(false);
    expect(isSymptomId('')).toBe(false);
  });
});

describe('symptom to condition map', () => {
  it('maps each symptom to 2-4 unique, known conditions', () => {
    expect(Object.keys(symptomConditions).sort()).toEqual([...symptomIds].sort());
    for (const id of symptomIds) {
      const list = symptomConditions[id];
      expect(list.length, id).toBeGreaterThanOrEqual(2);
      expect(list.length, id).toBeLessThanOrEqual(4);
      expect(new Set(list).size, id).toBe(list.length);
      for (const conditionId of list) {
        expect(Object.hasOwn(conditions, conditionId), conditionId).toBe(true);
      }
    }
  });

  it('uses every condition and gives each a name, a note and a valid care level', () => {
    const used = new Set(Object.values(symptomConditions).flat());
    for (const [id, condition] of Object.entries(conditions)) {
      expect(used.has(id as keyof typeof conditions), id).toBe(true);
      expect(condition.name.trim()).not.toBe('');
      expect(condition.note.trim()).not.toBe('');
      expect(Object.keys(careLevelRank)).toContain(condition.careLevel);
    }
  });

  it('lists malaria and typhoid fever for fever', () => {
    expect(symptomConditions.fever).toContain('malaria');
    expect(symptomConditions.fever).toContain('typhoid_fever');
  });

  it('rates pneumonia as needing a doctor within 24 hours', () => {
    expect(conditions.pneumonia.careLevel).toBe('see-doctor-24h');
  });
});

describe('care levels', () => {
  it('ranks self-care < see-doctor < see-doctor-24h < emergency', () => {
    const ordered = (Object.keys(careLevelRank) as CareLevel[]).sort((a, b) => careLevelRank[a] - careLevelRank[b]);
    expect(ordered).toEqual(['self-care', 'see-doctor', 'see-doctor-24h', 'emergency']);
    expect(maxCareLevel('see-doctor', 'self-care')).toBe('see-doctor');
    expect(maxCareLevel('see-doctor', 'emergency')).toBe('emergency');
  });

  it('has a plain label for each level', () => {
    for (const level of Object.keys(careLevelRank) as CareLevel[]) {
      expect(careLevelLabels[level].trim()).not.toBe('');
    }
  });
});

describe('getResults', () => {
  it('returns the unique union in the order symptoms were chosen', () => {
    expect(getResults(['sore_throat', 'runny_nose']).conditions.map((c) => c.id)).toEqual([
      'tonsillitis',
      'common_cold',
      'influenza',
      'allergic_rhinitis',
    ]);
    expect(getResults(['runny_nose', 'sore_throat']).conditions.map((c) => c.id)).toEqual([
      'common_cold',
      'allergic_rhinitis',
      'influenza',
      'tonsillitis',
    ]);
  });

  it('keeps each symptom list order for a single symptom', () => {
    for (const id of symptomIds) {
      expect(getResults([id]).conditions.map((c) => c.id)).toEqual(symptomConditions[id]);
    }
  });

  it('removes duplicates, including repeated symptoms', () => {
    expect(getResults(['runny_nose', 'runny_nose']).conditions.map((c) => c.id)).toEqual([
      'common_cold',
      'allergic_rhinitis',
      'influenza',
    ]);
  });

  it('caps the list at 4 conditions', () => {
    expect(RESULTS_CAP).toBe(4);
    expect(getResults(['fever', 'rash']).conditions.map((c) => c.id)).toEqual(symptomConditions.fever);
    for (const selected of onePerStep) {
      const ids = getResults(selected).conditions.map((c) => c.id);
      expect(ids.length).toBeLessThanOrEqual(RESULTS_CAP);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('returns each condition with its name, note and care level', () => {
    const [first] = getResults(['fever']).conditions;
    expect(first).toEqual({ id: 'malaria', ...conditions.malaria });
  });

  it('returns nothing and no care level when there is no match', () => {
    expect(getResults([])).toEqual({ conditions: [], careLevel: null });
    expect(NO_MATCH_MESSAGE).toBe(
      'No specific common conditions strongly match the selected combination, or more information is needed. Please consult a doctor.',
    );
  });

  it('ignores ids that are not symptoms', () => {
    expect(getResults(['toString' as SymptomId])).toEqual({ conditions: [], careLevel: null });
  });

  it('sets the care level to the most urgent among the returned conditions', () => {
    expect(getResults(['runny_nose']).careLevel).toBe('self-care');
    expect(getResults(['sore_throat']).careLevel).toBe('see-doctor');
    expect(getResults(['fever']).careLevel).toBe('see-doctor-24h');
    for (const selected of onePerStep) {
      if (selected.includes('short_breath')) continue;
      const result = getResults(selected);
      expect(result.careLevel, selected.join(',')).toBe(highestCareLevel(result.conditions.map((c) => c.careLevel)));
    }
  });

  it('raises the care level to at least see-doctor-24h when shortness of breath is chosen', () => {
    // Here the cap cuts off every shortness-of-breath condition, yet the level still rises.
    const result = getResults(['sore_throat', 'runny_nose', 'short_breath']);
    expect(highestCareLevel(result.conditions.map((c) => c.careLevel))).toBe('see-doctor');
    expect(result.careLevel).toBe('see-doctor-24h');
    for (const selected of onePerStep.filter((s) => s.includes('short_breath'))) {
      const level = getResults(selected).careLevel;
      expect(level).not.toBeNull();
      expect(careLevelRank[level!]).toBeGreaterThanOrEqual(careLevelRank['see-doctor-24h']);
    }
  });
});

describe('texts', () => {
  it('has the spec labels and a list of emergency signs', () => {
    expect(symptomCheckerTexts.disclaimerHeading).toBe('Important Disclaimer');
    expect(symptomCheckerTexts.agreeLabel).toBe('I Understand and Agree');
    expect(symptomCheckerTexts.startOverLabel).toBe('Start Over');
    expect(symptomCheckerTexts.disclaimerParagraphs.length).toBeGreaterThan(0);
    expect(symptomCheckerTexts.notDiagnosis).toMatch(/not a diagnosis/i);
    expect(emergencySigns.length).toBeGreaterThanOrEqual(5);
    expect(emergencySigns.some((sign) => /chest pain/i.test(sign))).toBe(true);
  });
});
