import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../../../shared/constants';
import { Toaster } from './toaster';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
};

export type ToastItem = Required<Omit<ToastOptions, 'description'>> & { id: number; description?: string };

type ToastApi = { toast: (options: ToastOptions) => number; dismiss: (id: number) => void };

const ToastCtx = createContext<ToastApi | null>(null);

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((item) => item.id !== id)), []);

  const toast = useCallback((options: ToastOptions) => {
    const item: ToastItem = {
      id: nextId++,
      title: options.title,
      description: options.description,
      variant: options.variant ?? 'default',
      durationMs: options.durationMs ?? TOAST_DURATION_MS,
    };
    // The newest toast replaces older ones beyond the limit (the spec shows one at a time).
    setToasts((current) => [item, ...current].slice(0, TOAST_LIMIT));
    return item.id;
  }, []);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastCtx value={api}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastCtx>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastCtx);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
