import type { Ref } from 'react';
import { paths } from '../../app/paths';
import { AppLink } from '../../components/app-link';
import { Icon } from '../../components/icon';
import { symptomCheckerNextSteps } from '../../content/symptom-checker-next-steps';
import { whatsappLink } from '../../../shared/brand';
import {
  NO_MATCH_MESSAGE,
  careLevelAdvice,
  careLevelLabels,
  getResults,
  symptomCheckerTexts,
  type SymptomId,
} from '../../../shared/symptom-checker';
import { requestOpenChat } from './open-chat-event';

type SymptomResultsProps = {
  answers: readonly SymptomId[];
  onStartOver: () => void;
  headingRef: Ref<HTMLHeadingElement>;
};

/**
 * The results: the most urgent care level first in plain words, the not-a-diagnosis line, the conditions and next
 * steps.
 */
export function SymptomResults({ answers, onStartOver, headingRef }: SymptomResultsProps) {
  const { conditions, careLevel } = getResults(answers);
  const texts = symptomCheckerNextSteps;
  return (
    <section className="app-symptom__results" aria-labelledby="symptom-results-heading">
      <h2 id="symptom-results-heading" ref={headingRef} tabIndex={-1}>
        {symptomCheckerTexts.resultsHeading}
      </h2>
      {careLevel ? (
        <div className={`app-symptom__care app-symptom__care--${careLevel}`} data-testid="care-level">
          <h3>{symptomCheckerTexts.careLevelHeading}</h3>
          <p className="app-symptom__care-label">{careLevelLabels[careLevel]}</p>
          <p>{careLevelAdvice[careLevel]}</p>
        </div>
      ) : null}
      <p className="app-symptom__not-diagnosis">
        <Icon name="info" />
        {symptomCheckerTexts.notDiagnosis}
      </p>
      {conditions.length ? (
        <ol className="app-symptom__conditions">
          {conditions.map((condition) => (
            <li key={condition.id} className="app-card">
              <h3 className="app-card__title">{condition.name}</h3>
              <p>{condition.note}</p>
              <p className="app-symptom__condition-care">
                {texts.conditionCareLabel} {careLevelLabels[condition.careLevel]}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p>{NO_MATCH_MESSAGE}</p>
      )}
      <h3>{texts.heading}</h3>
      <p>{texts.intro}</p>
      <ul className="app-button-row app-symptom__next">
        <li>
          <AppLink href={paths.bookAppointment()} className="app-button app-button--primary">
            <Icon name="calendar" />
            {texts.bookLabel}
          </AppLink>
        </li>
        <li>
          <button type="button" className="app-button app-button--secondary" onClick={requestOpenChat}>
            <Icon name="chat" />
            {texts.chatLabel}
          </button>
        </li>
        <li>
          <a
            href={whatsappLink(texts.whatsappMessage)}
            className="app-button app-button--secondary"
            rel="noopener noreferrer"
          >
            <Icon name="whatsapp" />
            {texts.whatsappLabel}
          </a>
        </li>
      </ul>
      <div className="app-button-row">
        <button type="button" className="app-button app-button--ghost" onClick={onStartOver}>
          {symptomCheckerTexts.startOverLabel}
        </button>
      </div>
    </section>
  );
}
