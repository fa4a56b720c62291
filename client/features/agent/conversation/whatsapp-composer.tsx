/**
 * The WhatsApp side of a conversation (issue #30): how long the 24-hour window for free text has left, and after it
 * the approved templates, which are all WhatsApp lets a business send until the patient writes again.
 */
import { useId, useState, type FormEvent } from 'react';
import type { ConversationSummary } from '../../../../shared/chat-events';
import {
  WHATSAPP_DESK_TEMPLATES,
  whatsAppDeskTexts,
  whatsAppWindowLeft,
  WHATSAPP_WINDOW_MS,
} from '../../../../shared/messaging/whatsapp-desk';
import { FieldWrapper } from '../../../components/form/field-wrapper';
import { useClock } from '../use-clock';

/** Milliseconds of the window left now, refreshed every 30 s; 0 when closed. */
export function useWhatsAppWindow(conversation: ConversationSummary) {
  const now = useClock(30_000);
  if (conversation.channel !== 'whatsapp') return null;
  const endsAt = conversation.whatsApp?.windowEndsAt ?? null;
  const lastInbound = endsAt ? new Date(Date.parse(endsAt) - WHATSAPP_WINDOW_MS).toISOString() : null;
  return whatsAppWindowLeft(lastInbound, now);
}

/** 'WhatsApp window: 3 h 12 min left', or why only templates can go. */
export function WhatsAppWindowNote({ left }: { left: number }) {
  return left > 0 ? (
    <p className="app-agent__window">{whatsAppDeskTexts.windowOpen(left)}</p>
  ) : (
    <p className="app-agent__window app-agent__window--closed" role="status">
      {whatsAppDeskTexts.windowClosed}
    </p>
  );
}

/** After the window: choose an approved template and send it; its words are shown before sending. */
export function TemplateForm({
  joined,
  onTemplate,
}: {
  joined: boolean;
  onTemplate: (template: string) => Promise<boolean>;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<string>(WHATSAPP_DESK_TEMPLATES[0].name);
  const [sending, setSending] = useState(false);
  const template = WHATSAPP_DESK_TEMPLATES.find((item) => item.name === chosen) ?? WHATSAPP_DESK_TEMPLATES[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    void onTemplate(template.name).finally(() => setSending(false));
  };
  return (
    <form className="app-agent__form" onSubmit={submit}>
      <FieldWrapper
        id={id}
        label={whatsAppDeskTexts.templateLabel}
        className="app-agent__field"
        hint={joined ? `The patient reads: ${template.text}` : 'Join the conversation to send a template.'}
      >
        {(describedBy) => (
          <select
            id={id}
            className="app-field__control app-agent__control"
            value={chosen}
            disabled={!joined}
            aria-describedby={describedBy}
            onChange={(event) => setChosen(event.target.value)}
          >
            {WHATSAPP_DESK_TEMPLATES.map((item) => (
              <option key={item.name} value={item.name}>
                {item.label}
              </option>
            ))}
          </select>
        )}
      </FieldWrapper>
      <button type="submit" className="app-button app-button--primary" disabled={!joined || sending}>
        {sending ? 'Sending...' : whatsAppDeskTexts.sendTemplate}
      </button>
    </form>
  );
}
