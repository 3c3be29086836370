import { SaveBar } from "@shopify/app-bridge-react";
import { useBlocker, type BlockerFunction } from "@remix-run/react";
import { ContextualSaveBar, Text } from "@shopify/polaris";
import { useEffect, useRef } from "react";
import { ConfirmDialog } from "./ConfirmDialog";

/** What the demo store asks when a merchant leaves with unsaved changes (Shopify admin's own words). */
export const LEAVE_TITLE = "Leave page with unsaved changes?";
export const LEAVE_BODY = "Leaving this page will discard all unsaved changes.";
export const LEAVE_CONFIRM = "Leave page";
export const LEAVE_CANCEL = "Stay";

/**
 * Polaris's Frame draws its contextual save bar across the whole width, over its top bar. In a
 * Frame without a top bar the bar lay over the sidebar's first links instead: there, beside the
 * sidebar (from Polaris's 48em breakpoint, where the sidebar shows), it spans the page's column
 * only, without the logo space it keeps for the sidebar. Under a top bar, the sidebar starts
 * below it and Polaris's own placement stands.
 */
const FRAME_WITHOUT_TOP_BAR = ".Polaris-Frame:not(.Polaris-Frame--hasTopBar):has(.Polaris-Frame__Navigation)";
const BESIDE_THE_SIDEBAR = `@media (min-width: 48em) {
  ${FRAME_WITHOUT_TOP_BAR} .Polaris-Frame__ContextualSaveBar {
    left: calc(var(--pc-frame-offset, 0px) + var(--pg-navigation-width, 15rem));
    width: auto;
    right: 0;
  }
  ${FRAME_WITHOUT_TOP_BAR} .Polaris-Frame-ContextualSaveBar__LogoContainer {
    display: none;
  }
}`;

/** A navigation to another page (or the same page with another query); not a revalidation. */
const leavesThePage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;

/**
 * While changes are unsaved, leaving is asked first (docs/product.md#save-bar).
 * Drawn only while the bar is open: React Router keeps one blocker at a time, and only an open
 * bar has anything to keep.
 *
 * - Embedded: App Bridge's `shopify.saveBar.leaveConfirmation()` asks (Shopify's dialog; it
 *   resolves when the merchant leaves, or at once with no save bar showing); the admin's own
 *   navigation is asked by the admin itself.
 * - Demo store: a dialog of ours for in-app links, the browser's own for a reload or closing.
 */
function LeaveGuard({ appBridge }: { appBridge: boolean }) {
  const blocker = useBlocker(leavesThePage);
  const latest = useRef(blocker);
  latest.current = blocker;
  const leaveConfirmation = appBridge ? globalThis.shopify?.saveBar?.leaveConfirmation : undefined;
  const askedByAppBridge = Boolean(leaveConfirmation);
  const target = blocker.state === "blocked" ? blocker.location.key : null;

  useEffect(() => {
    if (!target || !askedByAppBridge) return;
    // App Bridge's promise settles only when the merchant leaves: "Stay" leaves it pending,
    // and the next link asks again
    void globalThis.shopify.saveBar.leaveConfirmation?.().then(() => {
      const current = latest.current;
      if (current.state === "blocked" && current.location.key === target) current.proceed();
    });
  }, [target, askedByAppBridge]);

  useEffect(() => {
    if (appBridge) return;
    // a reload, the tab closed, an address typed: the browser asks in its own words
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium before 119 asks only when returnValue is set
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [appBridge]);

  if (askedByAppBridge) return null;
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={LEAVE_TITLE}
      confirm={{ content: LEAVE_CONFIRM, onAction: () => blocker.proceed?.() }}
      cancel={LEAVE_CANCEL}
      onClose={() => blocker.reset?.()}
    >
      <Text as="p">{LEAVE_BODY}</Text>
    </ConfirmDialog>
  );
}

/**
 * The unsaved-changes bar with Discard and Save: App Bridge's save bar in the Shopify admin,
 * Polaris's contextual save bar (the same two buttons, beside the sidebar) in the demo store.
 * While it is open, leaving the page is asked first.
 */
export function UnsavedChangesBar({
  id,
  open,
  saving,
  appBridge,
  onSave,
  onDiscard,
}: {
  id: string;
  open: boolean;
  saving: boolean;
  appBridge: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const guard = open ? <LeaveGuard appBridge={appBridge} /> : null;
  if (appBridge) {
    return (
      <>
        <SaveBar id={id} open={open}>
          <button variant="primary" onClick={onSave} {...(saving ? { loading: "" } : {})}>
            Save
          </button>
          <button onClick={onDiscard}>Discard</button>
        </SaveBar>
        {guard}
      </>
    );
  }
  if (!open) return null;
  return (
    <>
      <style>{BESIDE_THE_SIDEBAR}</style>
      <ContextualSaveBar
        message="Unsaved changes"
        saveAction={{ content: "Save", onAction: onSave, loading: saving }}
        discardAction={{ content: "Discard", onAction: onDiscard }}
      />
      {guard}
    </>
  );
}
