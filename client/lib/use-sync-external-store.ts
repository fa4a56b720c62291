// React 19 has useSyncExternalStore built in; wouter imports a shim for React 17.
// vite.config.ts aliases the shim here so the browser does not download it.
export { useSyncExternalStore } from 'react';
