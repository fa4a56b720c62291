/** The window event the chat launcher listens for: any page can open the chat panel without importing it. */
export const OPEN_CHAT_EVENT = 'app:open-chat';

export function requestOpenChat(): void {
  window.dispatchEvent(new CustomEvent(OPEN_CHAT_EVENT));
}
