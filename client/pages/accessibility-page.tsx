import { ServerContent } from '../rendering/server-content';
import { useToast } from '../components/toast/toast-provider';
import { AccessibilityText } from './legal-text.server';
import { visualAssist } from '../content/visual-assist';

export default function AccessibilityPage() {
  const { toast } = useToast();
  return (
    <>
      <ServerContent id="legal">
        <AccessibilityText />
      </ServerContent>
      <section aria-labelledby="visual-assist-heading" className="app-container app-prose">
        <div className="app-callout">
          <h2 id="visual-assist-heading">{visualAssist.heading}</h2>
          <p>{visualAssist.text}</p>
          <button
            type="button"
            className="app-button app-button--primary"
            onClick={() => toast({ title: visualAssist.toastTitle, description: visualAssist.toastDescription })}
          >
            {visualAssist.buttonLabel}
          </button>
        </div>
      </section>
    </>
  );
}
