import { Suspense, lazy, useState, type MouseEvent } from 'react';
import { ServerContent } from '../rendering/server-content';
import { AGREE_ATTRIBUTE } from '../features/symptom-checker/symptom-disclaimer';
import '../styles/catalogue.css';
import { SymptomCheckerIntro, SymptomDisclaimer } from './symptom-checker-page.server';

// The checker and its condition data load when the visitor shows intent (pointer
// or focus on the disclaimer) or agrees, never before: the page stays within the JS budget.
let checkerModule:
  Promise<{ default: typeof import('../features/symptom-checker/symptom-checker').SymptomChecker }> | undefined;
const loadChecker = () =>
  (checkerModule ??= import('../features/symptom-checker/symptom-checker').then((module) => ({
    default: module.SymptomChecker,
  })));
const SymptomChecker = lazy(loadChecker);

/** /self-diagnoses: the 'Important Disclaimer' screen, then the three-step checker. */
export default function SymptomCheckerPage() {
  const [accepted, setAccepted] = useState(false);

  // The agree button is in server-rendered markup; its click bubbles to this wrapper.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest(`[${AGREE_ATTRIBUTE}]`)) setAccepted(true);
  };

  return (
    <>
      <ServerContent id="symptom-checker">
        <SymptomCheckerIntro />
      </ServerContent>
      <div className="app-section">
        <div className="app-container app-prose">
          {accepted ? (
            <Suspense fallback={null}>
              <SymptomChecker />
            </Suspense>
          ) : (
            // Delegation only: the agree button inside (server markup) is the control, with its own keyboard support.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
            <div onClick={onClick} onPointerOver={() => void loadChecker()} onFocus={() => void loadChecker()}>
              <ServerContent id="symptom-disclaimer">
                <SymptomDisclaimer />
              </ServerContent>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
