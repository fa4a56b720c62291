import { useEffect, useRef, useState, type FormEvent } from 'react';
import { RadioGroup } from '../../components/form/radio-group';
import { symptomCheckerNextSteps } from '../../content/symptom-checker-next-steps';
import { isSymptomId, symptomCheckerTexts, symptomSteps, type SymptomId } from '../../../shared/symptom-checker';
import { SymptomResults } from './symptom-results';

type Answers = readonly (SymptomId | null)[];

const EMPTY_ANSWERS: Answers = symptomSteps.map(() => null);

/**
 * The interactive checker (spec sections 2, 4, 5): three steps, one symptom per
 * step as a radio group; Next / Show results stay disabled until a choice is made;
 * choosing an answer or going Back clears the results; Start Over returns to step 1.
 * Loaded only after the visitor accepts the disclaimer.
 */
export function SymptomChecker() {
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Answers>(EMPTY_ANSWERS);
  const [showResults, setShowResults] = useState(false);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  // Where keyboard and screen reader focus goes after the next render.
  const focusNext = useRef<'step' | 'results' | null>('step');

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'step') stepHeadingRef.current?.focus();
    if (target === 'results') resultsHeadingRef.current?.focus();
  }, [step, showResults]);

  const current = symptomSteps[step]!;
  const chosen = answers[step] ?? null;
  const isLast = step === symptomSteps.length - 1;
  const texts = symptomCheckerNextSteps;

  const choose = (value: string) => {
    if (!isSymptomId(value)) return;
    setAnswers((previous) => previous.map((answer, index) => (index === step ? value : answer)));
    setShowResults(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) return;
    if (isLast) {
      focusNext.current = 'results';
      setShowResults(true);
    } else {
      focusNext.current = 'step';
      setStep(step + 1);
    }
  };

  const back = () => {
    focusNext.current = 'step';
    setShowResults(false);
    setStep(step - 1);
  };

  const startOver = () => {
    focusNext.current = 'step';
    setAnswers(EMPTY_ANSWERS);
    setShowResults(false);
    setStep(0);
  };

  return (
    <div className="app-symptom">
      <section aria-labelledby="symptom-step-heading">
        <h2 id="symptom-step-heading" ref={stepHeadingRef} tabIndex={-1}>
          {texts.stepLabel} {step + 1} {texts.ofLabel} {symptomSteps.length}: {current.title}
        </h2>
        <form noValidate onSubmit={onSubmit}>
          <RadioGroup
            key={current.id}
            id={`symptom-${current.id}`}
            name={`symptom-${current.id}`}
            legend={`${current.title} ${texts.legendSuffix}`}
            hint={texts.hint}
            options={current.symptoms.map((symptom) => ({ value: symptom.id, label: symptom.label }))}
            value={chosen ?? ''}
            onChange={choose}
          />
          <div className="app-button-row">
            {step > 0 ? (
              <button type="button" className="app-button app-button--secondary" onClick={back}>
                {symptomCheckerTexts.backLabel}
              </button>
            ) : null}
            <button type="submit" className="app-button app-button--primary" disabled={!chosen}>
              {isLast ? symptomCheckerTexts.showResultsLabel : symptomCheckerTexts.nextLabel}
            </button>
          </div>
        </form>
      </section>
      {showResults && isLast ? (
        <SymptomResults
          answers={answers.filter((answer): answer is SymptomId => answer !== null)}
          onStartOver={startOver}
          headingRef={resultsHeadingRef}
        />
      ) : null}
    </div>
  );
}
