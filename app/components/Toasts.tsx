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

/** A toast's one line: its title, and its description after a colon. */
export function toastText(message: ToastMessage): string {
  return message.description ? `${message.title}: ${message.description}` : message.title;
}

/**
 * The admin's toasts: App Bridge's (`shopify.toast.show`, drawn by Shopify's admin) when the app
 * runs embedded with App Bridge, Polaris's Toast in the Frame elsewhere (the demo store). Both
 * show the same line for TOAST_DURATION_MS, errors styled as errors.
 */
export function ToastProvider({ appBridge = false, children }: { appBridge?: boolean; children: React.ReactNode }) {
  const [toast, setToast] = useState<(ToastMessage & { key: number }) | null>(null);
  const show = useCallback(
    (message: ToastMessage) => {
      const shopify = appBridge && typeof window !== "undefined" ? window.shopify : undefined;
      if (shopify?.toast) {
        shopify.toast.show(toastText(message), { duration: TOAST_DURATION_MS, isError: message.error ?? false });
        return;
      }
      setToast({ ...message, key: Date.now() });
    },
    [appBridge],
  );
  const value = useMemo(() => show, [show]);
  useNamedCloseButton(toast?.key);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {toast ? (
        <Toast
          key={toast.key}
          content={toastText(toast)}
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
