import { Toast } from "@shopify/polaris";
import { createContext, useCallback, useContext, useMemo, useState } from "react";

/** Toasts auto-close after 5000 ms and at most one is visible (docs/product.md#constants). */
export const TOAST_DURATION_MS = 5000;

export interface ToastMessage {
  title: string;
  description?: string;
  error?: boolean;
}

const ToastContext = createContext<(message: ToastMessage) => void>(() => {});

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toast, setToast] = useState<(ToastMessage & { key: number }) | null>(null);
  const show = useCallback((message: ToastMessage) => {
    setToast({ ...message, key: Date.now() });
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {toast ? (
        <Toast
          key={toast.key}
          content={toast.description ? `${toast.title}: ${toast.description}` : toast.title}
          error={toast.error}
          duration={TOAST_DURATION_MS}
          onDismiss={() => setToast(null)}
        />
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
