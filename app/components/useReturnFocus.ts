import { useEffect, useLayoutEffect, useRef } from "react";

// Layout effects do not run on the server; there the plain effect stands in, silently.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** How long a closing dialog may keep its focus trap before focus is given back anyway. */
const CLOSING_DIALOG_MS = 2_000;

/**
 * Polaris's Button blurs itself on mouse-up, so a dialog opened with the mouse finds no focused
 * opener: the control clicked last stands in for it, when the click was just now.
 */
let lastClicked: { element: HTMLElement; at: number } | null = null;
const CLICK_OPENS_WITHIN_MS = 1_000;
if (typeof document !== "undefined") {
  document.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target.closest("button, a[href], [role='button']") : null;
      if (target instanceof HTMLElement) lastClicked = { element: target, at: performance.now() };
    },
    true,
  );
}

function currentOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  if (lastClicked && performance.now() - lastClicked.at < CLICK_OPENS_WITHIN_MS) return lastClicked.element;
  return null;
}

/**
 * Gives focus back to the control that opened a dialog once the dialog has closed (WCAG 2.4.3,
 * docs/product.md#dialogs). `open` is whether the dialog shows;
 * a dialog drawn only while open passes `true`. The opener is the element that had focus when
 * the dialog opened (or the control just clicked), read before Polaris's Modal moves focus into
 * itself. When the opener has left the page by then (the row of a deleted rule) or is disabled,
 * `fallback` names where focus goes instead, and without one the page's title takes it.
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null | undefined) {
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  useBrowserLayoutEffect(() => {
    if (!open) return;
    const opener = currentOpener();
    return () => returnFocus(opener, () => fallbackRef.current?.() ?? null);
  }, [open]);
}

function focusable(element: HTMLElement | null): element is HTMLElement {
  return Boolean(element?.isConnected && !element.matches(":disabled"));
}

/** The last resort: the page's title, focusable from script only (tabindex -1). */
function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>("main h1, h1");
  if (heading && !heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  return heading;
}

function returnFocus(opener: HTMLElement | null, fallback: () => HTMLElement | null) {
  const started = performance.now();
  const attempt = () => {
    // A Polaris Modal leaves with a short animation and traps focus until it is gone: a focus
    // given back before then would be pulled into the dialog again.
    const closing = document.querySelector('[role="dialog"][aria-modal="true"]');
    if (closing && performance.now() - started < CLOSING_DIALOG_MS) {
      requestAnimationFrame(attempt);
      return;
    }
    // the merchant has moved on by themselves (a link in the dialog, say)
    if (document.activeElement && document.activeElement !== document.body) return;
    const target = focusable(opener) ? opener : (fallback() ?? pageHeading());
    target?.focus();
  };
  requestAnimationFrame(attempt);
}
