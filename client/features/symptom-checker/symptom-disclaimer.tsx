import { cataloguePages } from '../../content/catalogue-pages';
import { careLevelAdvice, emergencySigns, symptomCheckerTexts } from '../../../shared/symptom-checker';

/** Attribute the page listens for: the agree button lives in server-rendered markup. */
export const AGREE_ATTRIBUTE = 'data-symptom-agree';

/**
 * The 'Important Disclaimer' screen with the emergency signs and Lagos emergency
 * numbers. Server-rendered only (see ServerContent); the page reacts to the button.
 */
export function SymptomDisclaimer() {
  return (
    <section className="app-symptom__disclaimer" aria-labelledby="disclaimer-heading">
      <h2 id="disclaimer-heading">{symptomCheckerTexts.disclaimerHeading}</h2>
      {symptomCheckerTexts.disclaimerParagraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <div className="app-callout app-symptom__emergency">
        <h3>{symptomCheckerTexts.emergencyHeading}</h3>
        <ul>
          {emergencySigns.map((sign) => (
            <li key={sign}>{sign}</li>
          ))}
        </ul>
        <p>
          <strong>{careLevelAdvice.emergency}</strong>
        </p>
      </div>
      <noscript>
        <p>{cataloguePages.symptomChecker.noscript}</p>
      </noscript>
      <div className="app-button-row">
        <button type="button" className="app-button app-button--primary" {...{ [AGREE_ATTRIBUTE]: '' }}>
          {symptomCheckerTexts.agreeLabel}
        </button>
      </div>
    </section>
  );
}
