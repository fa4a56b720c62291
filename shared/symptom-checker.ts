/**
 * Symptom checker rules (spec sections 2, 8 and 9): three steps of four symptoms,
 * each symptom mapped to 2-4 common conditions, results are the unique union
 * capped at RESULTS_CAP. General information only, never a diagnosis.
 */
import { EMERGENCY_NUMBERS } from './constants';

export type CareLevel = 'self-care' | 'see-doctor' | 'see-doctor-24h' | 'emergency';

/** Higher is more urgent. */
export const careLevelRank: Readonly<Record<CareLevel, number>> = {
  'self-care': 0,
  'see-doctor': 1,
  'see-doctor-24h': 2,
  emergency: 3,
};

export const careLevelLabels: Readonly<Record<CareLevel, string>> = {
  'self-care': 'Self-care at home is usually enough',
  'see-doctor': 'See a doctor',
  'see-doctor-24h': 'See a doctor within 24 hours',
  emergency: 'Emergency: get help now',
};

const [nationalEmergency, lagosEmergency] = EMERGENCY_NUMBERS;

/** One plain-language line of advice to show under each care level label. */
export const careLevelAdvice: Readonly<Record<CareLevel, string>> = {
  'self-care':
    'Rest, drink plenty of fluids and watch how you feel. See a doctor if you are not better in a few days or you get worse.',
  'see-doctor': 'Book a visit with a doctor in the next few days, in person or by video.',
  'see-doctor-24h': 'See a doctor today or by tomorrow. If you get worse before then, go to a hospital straight away.',
  emergency: `Call ${nationalEmergency} or ${lagosEmergency} (Lagos State), or go to the nearest hospital emergency department now.`,
};

export function maxCareLevel(a: CareLevel, b: CareLevel): CareLevel {
  return careLevelRank[b] > careLevelRank[a] ? b : a;
}

export type SymptomId =
  | 'fever'
  | 'cough'
  | 'headache'
  | 'fatigue'
  | 'sore_throat'
  | 'short_breath'
  | 'body_aches'
  | 'nausea_vomiting'
  | 'runny_nose'
  | 'diarrhea'
  | 'rash'
  | 'dizziness';

export type Symptom = { id: SymptomId; label: string };

export type SymptomStepId = 'primary' | 'secondary' | 'additional';

export type SymptomStep = { id: SymptomStepId; title: string; symptoms: readonly Symptom[] };

export const symptomSteps: readonly SymptomStep[] = [
  {
    id: 'primary',
    title: 'Primary',
    symptoms: [
      { id: 'fever', label: 'Fever' },
      { id: 'cough', label: 'Cough' },
      { id: 'headache', label: 'Headache' },
      { id: 'fatigue', label: 'Fatigue' },
    ],
  },
  {
    id: 'secondary',
    title: 'Secondary',
    symptoms: [
      { id: 'sore_throat', label: 'Sore Throat' },
      { id: 'short_breath', label: 'Shortness of Breath' },
      { id: 'body_aches', label: 'Body Aches' },
      { id: 'nausea_vomiting', label: 'Nausea/Vomiting' },
    ],
  },
  {
    id: 'additional',
    title: 'Additional',
    symptoms: [
      { id: 'runny_nose', label: 'Runny Nose' },
      { id: 'diarrhea', label: 'Diarrhea' },
      { id: 'rash', label: 'Rash' },
      { id: 'dizziness', label: 'Dizziness' },
    ],
  },
];

export const symptomIds: readonly SymptomId[] = symptomSteps.flatMap((step) =>
  step.symptoms.map((symptom) => symptom.id),
);

export function isSymptomId(value: string): value is SymptomId {
  return (symptomIds as readonly string[]).includes(value);
}

export type Condition = { name: string; note: string; careLevel: CareLevel };

const conditionRecord = {
  malaria: {
    name: 'Malaria',
    note: 'Common in Lagos and spread by mosquitoes. Any fever should be tested for malaria; a quick blood test gives an answer.',
    careLevel: 'see-doctor-24h',
  },
  typhoid_fever: {
    name: 'Typhoid fever',
    note: 'Spread through unsafe food or water. It causes a fever that builds over days and needs a proper test and treatment from a doctor.',
    careLevel: 'see-doctor',
  },
  influenza: {
    name: 'Flu (influenza)',
    note: 'A virus that brings fever, aches and tiredness. Rest and fluids usually help; see a doctor if you are pregnant, over 65 or have a long-term illness.',
    careLevel: 'self-care',
  },
  covid_19: {
    name: 'COVID-19',
    note: 'A virus infection that a test can confirm. Most people recover at home, but get help quickly if breathing becomes hard.',
    careLevel: 'self-care',
  },
  common_cold: {
    name: 'Common cold',
    note: 'A mild virus that usually clears in 7 to 10 days. Rest and fluids help; antibiotics do not.',
    careLevel: 'self-care',
  },
  pneumonia: {
    name: 'Pneumonia (chest infection)',
    note: "An infection of the lungs, often with fever, cough and fast or painful breathing. It needs a doctor's check and often antibiotics.",
    careLevel: 'see-doctor-24h',
  },
  tonsillitis: {
    name: 'Tonsillitis or strep throat',
    note: 'An infection of the throat or tonsils. See a doctor if you have a high fever, white patches on the tonsils or trouble swallowing.',
    careLevel: 'see-doctor',
  },
  asthma_flare: {
    name: 'Asthma flare-up',
    note: 'A tight chest, wheezing and breathlessness. Use your reliever inhaler; if it does not help, get emergency care.',
    careLevel: 'see-doctor-24h',
  },
  tension_headache: {
    name: 'Tension headache',
    note: 'A tight, band-like headache often linked to stress, poor sleep or long hours at a screen. Rest, water and a simple painkiller usually help.',
    careLevel: 'self-care',
  },
  migraine: {
    name: 'Migraine',
    note: 'A throbbing headache, often on one side, sometimes with nausea or dislike of bright light. A doctor can help if attacks are frequent or severe.',
    careLevel: 'see-doctor',
  },
  high_blood_pressure: {
    name: 'High blood pressure',
    note: 'Often has no symptoms, but can cause headaches or dizziness. Get your blood pressure checked; very high readings need urgent care.',
    careLevel: 'see-doctor',
  },
  anaemia: {
    name: 'Anaemia (low blood level)',
    note: 'Too few red blood cells, which can cause tiredness, dizziness and breathlessness. A simple blood test (PCV or full blood count) can check for it.',
    careLevel: 'see-doctor',
  },
  stress_poor_sleep: {
    name: 'Stress or poor sleep',
    note: 'Long hours, worry and too little sleep can leave you drained. Regular sleep and breaks help; see a doctor if it lasts more than two weeks.',
    careLevel: 'self-care',
  },
  diabetes: {
    name: 'Diabetes (high blood sugar)',
    note: 'Can cause tiredness, thirst and passing urine often. A blood sugar test can check for it.',
    careLevel: 'see-doctor',
  },
  gastroenteritis: {
    name: 'Stomach infection or food poisoning',
    note: 'Vomiting or diarrhoea from germs in food or water. Sip oral rehydration solution (ORS) often; see a doctor if it lasts over 2 days or you see blood.',
    careLevel: 'self-care',
  },
  cholera: {
    name: 'Cholera',
    note: 'Less common, but serious: sudden, large amounts of watery stool. Start ORS at once and get medical care quickly, because dehydration can happen fast.',
    careLevel: 'see-doctor-24h',
  },
  dehydration: {
    name: 'Dehydration',
    note: 'Losing more fluid than you take in, common in hot weather or with diarrhoea. Drink water or ORS; get help if you pass very little urine or feel confused.',
    careLevel: 'self-care',
  },
  inner_ear_vertigo: {
    name: 'Inner ear problem (vertigo)',
    note: 'A spinning feeling, often when you move your head. It often settles, but see a doctor if it keeps coming back.',
    careLevel: 'see-doctor',
  },
  allergic_rhinitis: {
    name: 'Allergy (hay fever)',
    note: 'A runny or blocked nose and sneezing set off by dust, pollen or smoke. Avoiding triggers and an antihistamine can help.',
    careLevel: 'self-care',
  },
  allergic_reaction: {
    name: 'Allergic reaction',
    note: 'An itchy rash or hives after a food, medicine or insect bite. If your face, lips or tongue swell or breathing is hard, get emergency help.',
    careLevel: 'see-doctor',
  },
  heat_rash: {
    name: 'Heat rash (prickly heat)',
    note: 'Small, itchy red spots in hot, humid weather. Keep cool and wear loose cotton clothes; it usually settles in a few days.',
    careLevel: 'self-care',
  },
  chickenpox: {
    name: 'Chickenpox',
    note: 'Itchy spots that turn into blisters, often with fever. It can be more serious in adults and in pregnancy, so see a doctor.',
    careLevel: 'see-doctor',
  },
  measles: {
    name: 'Measles',
    note: 'Fever, cough, red eyes and a rash that spreads from the face down. It spreads very easily: stay away from others and see a doctor quickly.',
    careLevel: 'see-doctor-24h',
  },
} satisfies Record<string, Condition>;

export type ConditionId = keyof typeof conditionRecord;

export const conditions: Readonly<Record<ConditionId, Condition>> = conditionRecord;

/** Each symptom's possible conditions, most likely (for adults in Lagos) first. */
export const symptomConditions: Readonly<Record<SymptomId, readonly ConditionId[]>> = {
  fever: ['malaria', 'typhoid_fever', 'influenza', 'covid_19'],
  cough: ['common_cold', 'influenza', 'covid_19', 'pneumonia'],
  headache: ['tension_headache', 'migraine', 'malaria', 'high_blood_pressure'],
  fatigue: ['anaemia', 'malaria', 'stress_poor_sleep', 'diabetes'],
  sore_throat: ['tonsillitis', 'common_cold', 'influenza'],
  short_breath: ['asthma_flare', 'pneumonia', 'covid_19', 'anaemia'],
  body_aches: ['influenza', 'malaria', 'covid_19'],
  nausea_vomiting: ['gastroenteritis', 'malaria', 'migraine'],
  runny_nose: ['common_cold', 'allergic_rhinitis', 'influenza'],
  diarrhea: ['gastroenteritis', 'cholera', 'typhoid_fever'],
  rash: ['allergic_reaction', 'heat_rash', 'chickenpox', 'measles'],
  dizziness: ['dehydration', 'anaemia', 'high_blood_pressure', 'inner_ear_vertigo'],
};

export const RESULTS_CAP = 4;

/** Shortness of breath always needs a doctor soon, whatever else is listed. */
const SHORT_BREATH_MIN_CARE_LEVEL: CareLevel = 'see-doctor-24h';

export type ConditionResult = Condition & { id: ConditionId };

export type SymptomResults = { conditions: ConditionResult[]; careLevel: CareLevel | null };

/**
 * The unique union of the chosen symptoms' conditions, in the order the symptoms
 * were chosen and then each symptom's own order, capped at RESULTS_CAP. The care
 * level is the most urgent one among the returned conditions (at least
 * 'see-doctor-24h' when shortness of breath is chosen); null when nothing matches.
 */
export function getResults(selected: readonly SymptomId[]): SymptomResults {
  const ids: ConditionId[] = [];
  for (const symptom of selected) {
    // Guard against ids from untyped input (e.g. a URL) that are not own keys.
    if (!Object.hasOwn(symptomConditions, symptom)) continue;
    for (const id of symptomConditions[symptom]) {
      if (ids.length >= RESULTS_CAP) break;
      if (!ids.includes(id)) ids.push(id);
    }
  }

  if (ids.length === 0) return { conditions: [], careLevel: null };

  const results: ConditionResult[] = ids.map((id) => ({ id, ...conditions[id] }));
  let careLevel = results.reduce<CareLevel>(
    (highest, condition) => maxCareLevel(highest, condition.careLevel),
    'self-care',
  );
  if (selected.includes('short_breath')) {
    careLevel = maxCareLevel(careLevel, SHORT_BREATH_MIN_CARE_LEVEL);
  }
  return { conditions: results, careLevel };
}

export const NO_MATCH_MESSAGE =
  'No specific common conditions strongly match the selected combination, or more information is needed. Please consult a doctor.';

export const emergencySigns: readonly string[] = [
  'Chest pain or pressure, especially if it spreads to the arm, jaw or back',
  'Severe difficulty breathing, or lips or face turning blue or grey',
  'Heavy bleeding that will not stop',
  'Fainting or collapsing',
  'Fits (seizures)',
  'Sudden confusion, or being very hard to wake',
  'Signs of a stroke: face drooping, weakness in an arm or leg, or slurred speech',
  'A sudden, very severe headache, the worst you have ever had',
  'Fever with a stiff neck, or a rash that does not fade when you press a glass on it',
  'Swelling of the face, lips or tongue, or trouble breathing after a food, medicine or sting',
  'Severe dehydration: passing little or no urine, or too weak to drink',
  'Bleeding or severe tummy pain during pregnancy',
  'Thoughts of harming yourself or ending your life',
];

export const symptomCheckerTexts = {
  disclaimerHeading: 'Important Disclaimer',
  disclaimerParagraphs: [
    'This symptom checker gives general health information only. It is not a diagnosis, and it does not replace a visit to a doctor, nurse or pharmacist.',
    'The results list some common conditions that can cause the symptoms you choose. Other conditions can cause the same symptoms, and only a health worker who examines you, sometimes with tests, can tell what is wrong.',
    `If you are worried about your health or your symptoms are getting worse, please consult a doctor. If you have signs of an emergency, such as chest pain, severe difficulty breathing or fainting, call ${nationalEmergency} or ${lagosEmergency} (Lagos State), or go to the nearest hospital now.`,
  ],
  agreeLabel: 'I Understand and Agree',
  nextLabel: 'Next',
  backLabel: 'Back',
  showResultsLabel: 'Show results',
  startOverLabel: 'Start Over',
  notDiagnosis:
    'This is not a diagnosis. Only a doctor who examines you can tell what is wrong, so please consult a doctor about your symptoms.',
  resultsHeading: 'Possible conditions',
  careLevelHeading: 'What to do next',
  emergencyHeading: 'Get emergency help now if you notice any of these',
} as const;
