import { Toast } from "@shopify/polaris";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";

/** Toasts auto-close after 5000 ms and at most one is visible (docs/product.md#constants). */
export const TOAST_DURATION_MS = 5000;

export interface ToastMessage {
  title: string;
  description?: string;
  error?: boolean;
}

/** The name Polaris's Toast leaves off its close button (axe: button-name). */
export const TOAST_CLOSE_LABEL = "Dismiss notification";

/** Names the open toasts' close buttons; true when there was one to name. */
function nameCloseButtons(): boolean {
  const buttons = document.querySelectorAll<HTMLButtonElement>(".Polaris-Frame-Toast button:not([aria-label])");
  buttons.forEach((button) => button.setAttribute("aria-label", TOAST_CLOSE_LABEL));
  return buttons.length > 0;
}

/**
 * Polaris 13's Toast draws its close button as a bare icon with no accessible name, and renders
 * into the Frame's toast portal a moment after it is shown: the button is named once it appears.
 */
function useNamedCloseButton(key: number | undefined) {
  useEffect(() => {
    if (key === undefined || nameCloseButtons()) return;
    const observer = new MutationObserver(() => {
      if (nameCloseButtons()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [key]);
}

const ToastContext = createContext<(message: ToastMessage) => void>(() => {});

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toast, setToast] = useState<(ToastMessage & { key: number }) | null>(null);
  const show = useCallback((message: ToastMessage) => {
    setToast({ ...message, key: Date.now() });
  }, []);
  const value = useMemo(() => show, [show]);
  useNamedCloseButton(toast?.key);
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
