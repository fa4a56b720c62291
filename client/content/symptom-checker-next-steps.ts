/**
 * Texts of the interactive symptom checker that shared/symptom-checker.ts does
 * not hold (step labels and the next steps under the results). Ships with the
 * checker's lazily loaded chunk.
 */
export const symptomCheckerNextSteps = {
  stepLabel: 'Step',
  ofLabel: 'of',
  legendSuffix: 'symptoms: which one do you have?',
  hint: 'Choose the one that bothers you most.',
  conditionCareLabel: 'Usual advice:',
  heading: 'Next steps',
  intro: 'Talk to a health professional about your symptoms:',
  bookLabel: 'Book an Appointment',
  chatLabel: 'Open the Chat',
  whatsappLabel: 'Message Us on WhatsApp',
  whatsappMessage: 'Hello! I used the Symptom Checker and would like to talk to someone about my symptoms.',
} as const;
