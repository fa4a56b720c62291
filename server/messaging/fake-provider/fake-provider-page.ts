/**
 * The fake provider's only page: what it received, and one form per action, so a tester works it with JavaScript off
 * and a screen reader (labels, table headers, visible focus). Every value from a request is escaped.
 */
import { spacedUtc } from './fake-answers';
import type { CallbackOutcome, FakeMessage, FakeProviderName, FakeReceiptStatus } from './fake-provider-types';

/** The page draws the newest messages only: the store keeps 1,000 and a page that long helps nobody. */
export const PAGE_ROWS = 200;

export type FakePageState = {
  messages: readonly FakeMessage[];
  activity: readonly CallbackOutcome[];
  appUrl: string;
  outage: boolean;
  autoDeliverMs: number | null;
  failSuffix: string;
  failRate: number;
  receiptStatuses: Record<FakeProviderName, readonly FakeReceiptStatus[]>;
  notice?: string;
  /** How far the WhatsApp patient's clock is behind (issue #30). */
  whatsAppClockBehindHours: number;
};

const PROVIDER_LABELS: Record<FakeProviderName, string> = {
  termii: 'Termii',
  africastalking: "Africa's Talking",
  whatsapp: 'WhatsApp',
};

const BUTTON_LABELS: Record<FakeReceiptStatus, string> = { delivered: 'Deliver', failed: 'Fail', read: 'Read' };

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1d2b36;background:#f5f7f8}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{border:1px solid #c9d2d8;padding:.4rem .5rem;text-align:left;vertical-align:top}
th{background:#e8eef2}
td.text{white-space:pre-wrap;word-break:break-word;max-width:24rem}
form{display:inline-flex;flex-wrap:wrap;gap:.3rem;align-items:center;margin:.15rem 0}
button{font:inherit;padding:.2rem .7rem;border:2px solid #005eb8;background:#fff;color:#005eb8;border-radius:4px;cursor:pointer}
button:hover{background:#e6f0fa}
input,select{font:inherit;padding:.15rem .3rem;border:2px solid #4c6272;border-radius:4px}
:focus-visible{outline:3px solid #ffb81c;outline-offset:2px}
.notice{border-left:6px solid #007f3b;background:#fff;padding:.5rem 1rem}
.outage{border-left:6px solid #d5281b;background:#fff;padding:.5rem 1rem}
.small{font-size:.875rem;color:#4c6272}
.visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;

function outcomeText(outcome: CallbackOutcome) {
  const result = typeof outcome.result === 'number' ? `app answered ${outcome.result}` : outcome.result;
  return `${outcome.what}: ${result}`;
}

function messageRow(message: FakeMessage, index: number, statuses: readonly FakeReceiptStatus[]) {
  const who = escapeHtml(message.to);
  const lastCallback = message.callbacks.at(-1);
  const receiptButtons = statuses
    .map(
      (status) =>
        `<button name="status" value="${status}">${BUTTON_LABELS[status]}<span class="visually-hidden"> the message to ${who}</span></button>`,
    )
    .join('');
  return `<tr>
<td>${escapeHtml(spacedUtc(new Date(message.receivedAt)))}</td>
<td>${escapeHtml(PROVIDER_LABELS[message.provider])}<div class="small">${escapeHtml(message.route)}</div></td>
<td>${who}<div class="small">from ${escapeHtml(message.from)}</div></td>
<td class="text">${escapeHtml(message.text)}</td>
<td>${escapeHtml(message.status)}${lastCallback ? `<div class="small">${escapeHtml(outcomeText(lastCallback))}</div>` : ''}</td>
<td>
<form method="post" action="/actions/deliver">${hidden('id', message.id)}${receiptButtons}</form>
<form method="post" action="/actions/reply">${hidden('id', message.id)}
<label for="reply-${index}">Reply from this number</label>
<input id="reply-${index}" name="text" value="STOP" maxlength="160" required size="8">
<button>Send reply<span class="visually-hidden"> from ${who}</span></button></form>
</td>
</tr>`;
}

function messagesSection(state: FakePageState) {
  const shown = state.messages.slice(-PAGE_ROWS).reverse();
  const heading = `<h2 id="messages-heading">Messages received (${state.messages.length})</h2>`;
  if (!shown.length)
    return `<section aria-labelledby="messages-heading">${heading}<p>Nothing yet. Start the app with the env lines this fake printed, then send it something.</p></section>`;
  const more = state.messages.length > shown.length ? `<p class="small">The newest ${shown.length} are shown.</p>` : '';
  return `<section aria-labelledby="messages-heading">${heading}${more}
<table>
<caption class="visually-hidden">Messages the app sent, newest first</caption>
<thead><tr><th scope="col">Time (UTC)</th><th scope="col">Provider</th><th scope="col">To</th><th scope="col">Text</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead>
<tbody>
${shown.map((message, index) => messageRow(message, index, state.receiptStatuses[message.provider])).join('\n')}
</tbody>
</table></section>`;
}

function textInForm() {
  const options = Object.entries(PROVIDER_LABELS)
    .map(([value, label]) => `<option value="${value}">${escapeHtml(label)}</option>`)
    .join('');
  return `<section aria-labelledby="text-in-heading"><h2 id="text-in-heading">A text to the app from any number</h2>
<form method="post" action="/actions/reply">
<label for="text-in-from">From (E.164)</label>
<input id="text-in-from" name="from" value="+2348031234567" required pattern="\\+[1-9][0-9]{7,14}" size="15">
<label for="text-in-provider">Through</label>
<select id="text-in-provider" name="provider">${options}</select>
<label for="text-in-text">Text</label>
<input id="text-in-text" name="text" value="STOP" maxlength="160" required size="12">
<button>Send to the app</button>
</form></section>`;
}

function mediaInForm() {
  return `<section aria-labelledby="media-in-heading"><h2 id="media-in-heading">A photo or voice note to the app from WhatsApp</h2>
<form method="post" action="/actions/media">
<label for="media-in-from">From (E.164)</label>
<input id="media-in-from" name="from" value="+2348031234567" required pattern="\\+[1-9][0-9]{7,14}" size="15">
<label for="media-in-kind">What</label>
<select id="media-in-kind" name="kind"><option value="photo">A photo (PNG)</option><option value="voice">A voice note (1 s)</option></select>
<label for="media-in-caption">Caption (photos)</label>
<input id="media-in-caption" name="caption" maxlength="160" size="12">
<button>Send to the app</button>
</form></section>`;
}

/** The WhatsApp patient's clock (issue #30): 25 h behind closes the app's 24-hour window. */
function clockSection(hoursBehind: number) {
  return `<section aria-labelledby="clock-heading"><h2 id="clock-heading">The WhatsApp patient's clock</h2>
<p>Now ${hoursBehind ? `${hoursBehind} h behind: WhatsApp messages sent from here are dated ${hoursBehind} h ago` : 'right'}. The app counts WhatsApp's 24-hour window from these dates: move the clock 25 h back and send a message to let the window expire.</p>
<form method="post" action="/actions/clock">
<label for="clock-hours">Hours behind</label>
<input id="clock-hours" name="hours" type="number" min="0" max="720" value="${hoursBehind || 25}" required size="4">
<button>Move the patient's clock</button>
</form></section>`;
}

function activitySection(activity: readonly CallbackOutcome[]) {
  const items = activity
    .slice(-50)
    .reverse()
    .map(
      (outcome) =>
        `<li>${escapeHtml(spacedUtc(new Date(outcome.at)))}: ${escapeHtml(outcome.to)}, ${escapeHtml(outcomeText(outcome))}</li>`,
    );
  return `<section aria-labelledby="activity-heading"><h2 id="activity-heading">Posted to the app</h2>
${items.length ? `<ol>${items.join('')}</ol>` : '<p>Nothing posted yet.</p>'}</section>`;
}

export function renderFakePage(state: FakePageState): string {
  const auto =
    state.autoDeliverMs === null
      ? 'Automatic receipts are off: use the buttons.'
      : `Each message gets a receipt after ${state.autoDeliverMs} ms: 'failed' for numbers ending in ${escapeHtml(state.failSuffix || '(none)')}${state.failRate ? ` and for ${Math.round(state.failRate * 100)}% of the others` : ''}, 'delivered' for the rest.`;
  const outage = state.outage
    ? `<div class="outage" role="alert"><p>Outage: every send is answered with a 503.</p><form method="post" action="/actions/outage">${hidden('on', 'false')}<button>End the outage</button></form></div>`
    : `<form method="post" action="/actions/outage">${hidden('on', 'true')}<button>Simulate an outage</button></form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fake messaging provider</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Fake messaging provider</h1>
<p>Termii, Africa's Talking and the WhatsApp Cloud API on this machine. Receipts and replies are posted to <code>${escapeHtml(state.appUrl)}</code>.</p>
<p>${auto}</p>
${state.notice ? `<p class="notice" role="status">${escapeHtml(state.notice)}</p>` : ''}
<p><a href="/">Refresh the list</a></p>
${outage}
<form method="post" action="/actions/verify"><button>Verify the app's WhatsApp webhook (Meta's GET with the verify token)</button></form>
${messagesSection(state)}
${textInForm()}
${mediaInForm()}
${clockSection(state.whatsAppClockBehindHours)}
${activitySection(state.activity)}
</main>
</body>
</html>`;
}
