/**
 * Holds the page's input events until React has hydrated it (docs/architecture.md#before-hydration).
 *
 * With single fetch, RemixBrowser suspends on its first render until the page's streamed state is
 * decoded. React 18 hydrates the document as a transition, but an input event it receives meanwhile
 * makes it hydrate the root synchronously; a synchronous render that suspends at the root makes
 * React give up on the page ("Root did not complete", #345), and nothing responds any more. So,
 * from just before hydration starts until it has committed, these events stop at the window and
 * never reach React's listeners on the document (the cursor shows progress meanwhile). Their
 * default actions (following a link, submitting a form natively, focusing a field) still happen;
 * a click on a button React has not wired yet did nothing before either. Replaying held clicks
 * after hydration was tried and made the slowed test fail in a full run; see the decision.
 */
const HELD_EVENTS = [
  "auxclick",
  "beforeinput",
  "change",
  "click",
  "compositionend",
  "compositionstart",
  "contextmenu",
  "dblclick",
  "focusin",
  "focusout",
  "input",
  "keydown",
  "keypress",
  "keyup",
  "mousedown",
  "mouseup",
  "pointerdown",
  "pointerup",
  "submit",
  "touchend",
  "touchstart",
] as const;

let release: (() => void) | null = null;
const stop = (event: Event) => event.stopImmediatePropagation();

/** Called by entry.client before hydrateRoot: the window's capture phase comes before React's. */
export function holdEventsUntilHydrated(target: Window): void {
  for (const type of HELD_EVENTS) target.addEventListener(type, stop, true);
  // the page is not answering yet: say so with the cursor
  target.document.documentElement.style.cursor = "progress";
  release = () => {
    for (const type of HELD_EVENTS) target.removeEventListener(type, stop, true);
    release = null;
  };
}

/** Called from the root layout's first effect: the page has hydrated, events go through again. */
export function pageHydrated(): void {
  release?.();
  // for the browser tests, and the cursor: the page answers from now on
  document.documentElement.dataset.hydrated = "true";
  document.documentElement.style.removeProperty("cursor");
}
