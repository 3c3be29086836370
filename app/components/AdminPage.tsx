import { Badge, BlockStack, Box, Button, InlineStack, Page, Text, type IconSource } from "@shopify/polaris";
import { useLocation, useNavigate, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { createContext, useCallback, useContext, useId, useMemo, useState } from "react";
import { billingErrorPath, type BillingErrorType } from "../domain/billing/billing-errors";
import {
  PLUS_COMING_SOON_NOTE,
  PLUS_COMING_SOON_TOAST,
  planButton,
  planName,
  titleBarPlanTarget,
  type PlanId,
} from "../domain/billing/plans";
import type { AlertBellView } from "../domain/alerts/alert-bell";
import { withEmbeddedQuery } from "./admin-nav";
import { AlertsBell } from "./AlertsBell";
import { useToast } from "./Toasts";
import { DowngradeConfirmation } from "./DowngradeConfirmation";

/** What the embedded layout's loader (app/routes/_admin.tsx) gives every admin screen. */
export interface AdminLayoutData {
  apiKey: string;
  demo: boolean;
  shop: { domain: string; name: string };
  plan: PlanId;
  /** Plus can be bought (PLUS_PLAN_ENABLED, docs/product.md#decisions, 15) */
  plusEnabled: boolean;
  /** the header's bell: the shop's delivered alerts, the latest and the unread count */
  alerts: AlertBellView;
  /** the names of the shop's active rules, oldest first (none read on Free), for 'Downgrade to Free?' */
  activeRules: string[];
}

export function useAdminLayout(): AdminLayoutData {
  const data = useRouteLoaderData<AdminLayoutData>("routes/_admin");
  if (!data) throw new Error("useAdminLayout is used outside the admin layout");
  return data;
}

interface PlanChangeAnswer {
  ok: boolean;
  message?: string;
  confirmationUrl?: string;
  errorType?: BillingErrorType;
  detail?: string;
}

interface PlanChange {
  /** the plan a request is running for, if one is */
  pending: PlanId | null;
  change(target: PlanId, kind: "upgrade" | "downgrade"): void;
}

const PlanChangeContext = createContext<PlanChange | null>(null);

/** What an unexpected failure of a plan change says (docs/product.md#billing). */
export const UNEXPECTED_PLAN_FAILURE = "Failed to update plan";

/**
 * One plan change at a time, for every plan button of the page (docs/product.md#plans):
 * an upgrade goes to Shopify's confirmation page at the top level of the admin; a downgrade
 * reloads the page's data; a failure is toasted and leads to the billing error page with its variant.
 */
export function PlanChangeProvider({ children }: { children: React.ReactNode }) {
  const [pending, setPending] = useState<PlanId | null>(null);
  const toast = useToast();
  const navigate = useNavigate();
  // the router's revalidate is one function for the page's life, so `change` stays stable too
  const { revalidate } = useRevalidator();
  const location = useLocation();
  const { shop } = useAdminLayout();

  const change = useCallback(
    (target: PlanId, kind: "upgrade" | "downgrade") => {
      if (pending) return;
      setPending(target);
      const thrown = kind === "upgrade" ? "Billing upgrade failed." : "Downgrade failed.";
      const refused = kind === "upgrade" ? "Unable to upgrade plan." : "Unable to downgrade.";
      const fail = (message: string, answer?: PlanChangeAnswer) => {
        toast({ title: "Error", description: message, error: true });
        const path = billingErrorPath(answer?.errorType ?? "default", answer?.detail ?? message, shop.domain);
        navigate(withEmbeddedQuery(path, location.search));
      };
      fetch(`/api/billing/${kind}?plan=${target}`, { method: "POST", headers: { Accept: "application/json" } })
        .then(async (response) => {
          const answer = (await response.json().catch(() => null)) as PlanChangeAnswer | null;
          // Shopify no longer accepts the session (App Bridge already retried with a new token)
          if (response.status === 401) return fail(thrown, { ok: false, errorType: "invalid_token" });
          if (!answer || response.status >= 500) return fail(answer?.message ?? thrown, answer ?? undefined);
          if (!answer.ok) return fail(answer.message ?? refused, answer);
          if (kind === "upgrade" && !answer.confirmationUrl) return fail(refused, answer);
          toast({ title: "Plan Updated", description: answer.message });
          // the upgrade is confirmed on Shopify's page, at the top level of the admin; a
          // downgrade reloads the page's data (the toast stays)
          if (answer.confirmationUrl) window.open(answer.confirmationUrl, "_top");
          else revalidate();
        })
        .catch((error: unknown) => {
          // no answer at all (the network, the browser): the product's words for the unexpected
          // eslint-disable-next-line no-console -- in the browser: the server's logger is not here, the console is
          console.error(thrown, error);
          fail(UNEXPECTED_PLAN_FAILURE);
        })
        .finally(() => setPending(null));
    },
    [pending, toast, navigate, revalidate, location.search, shop.domain],
  );
  const value = useMemo(() => ({ pending, change }), [pending, change]);
  return <PlanChangeContext.Provider value={value}>{children}</PlanChangeContext.Provider>;
}

function usePlanChange(): PlanChange {
  const context = useContext(PlanChangeContext);
  if (!context) throw new Error("usePlanChange is used outside PlanChangeProvider");
  return context;
}

/**
 * The plan upgrade or downgrade button with the product's labels (section 4). In the page header
 * (`inHeader`) it is a secondary button: the page's own action keeps the one primary.
 */
export function PlanButton({ target, inHeader = false }: { target: PlanId; inHeader?: boolean }) {
  const { plan, plusEnabled, activeRules } = useAdminLayout();
  const { pending, change } = usePlanChange();
  const toast = useToast();
  const state = planButton(plan, target, { processing: pending === target, plusEnabled });
  const [confirming, setConfirming] = useState(false);
  const noteId = useId();

  if (state.kind === "coming_soon") {
    // never a bare disabled "Coming Soon": it names the Plus plan and says when it comes
    return (
      <InlineStack gap="200" blockAlign="center" wrap>
        {/* A disabled button receives no clicks; the wrapper still tells why it is disabled. */}
        <span role="presentation" data-testid="plus-coming-soon" onClick={() => toast(PLUS_COMING_SOON_TOAST)}>
          <Button disabled ariaDescribedBy={noteId}>
            {state.label}
          </Button>
        </span>
        <Text as="p" tone="subdued" variant="bodySm" id={noteId}>
          {PLUS_COMING_SOON_NOTE}
        </Text>
      </InlineStack>
    );
  }
  // a downgrade to Free acts at once: it asks first (a paid plan is confirmed on Shopify's page)
  const confirms = state.kind === "downgrade" && target === "free";
  return (
    <>
      <Button
        variant={state.kind === "upgrade" && !inHeader ? "primary" : "secondary"}
        disabled={state.disabled || (pending !== null && pending !== target)}
        onClick={() =>
          confirms ? setConfirming(true) : change(target, state.kind === "upgrade" ? "upgrade" : "downgrade")
        }
      >
        {state.label}
      </Button>
      {confirms ? (
        <DowngradeConfirmation
          open={confirming}
          current={plan}
          activeRules={activeRules}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            change(target, "downgrade");
          }}
        />
      ) : null}
    </>
  );
}

export interface PrimaryAction {
  content: string;
  /**
   * Required: below 768 px Shopify's page header shows the primary action as its icon alone,
   * named by `content` (docs/product.md#admin-header).
   */
  icon: IconSource;
  onAction: () => void;
  loading?: boolean;
  disabled?: boolean;
  /** why it is disabled: its tooltip */
  helpText?: string;
}

/** A page's secondary action: a link (`url`, kept inside the admin) or a button (`onAction`). */
export interface SecondaryAction {
  content: string;
  url?: string;
  onAction?: () => void;
  disabled?: boolean;
  loading?: boolean;
  destructive?: boolean;
}

/** The breadcrumb back to the page above (Shopify's back arrow beside the title). */
export interface BackAction {
  content: string;
  url: string;
}

/**
 * Every admin page's header, as Shopify's own pages have it (Polaris's Page header;
 * docs/product.md#admin-header), with what App Bridge's title bar holds and nothing more: the
 * title with the plan as a badge beside it (the title bar's accessory), the description under
 * it, and as secondary actions the plan's upgrade or downgrade button and the app's alerts (a
 * button with the unread count that opens a menu of the latest), then the page's one primary
 * action ('Saving...' while it runs). The shop and its account are the Shopify admin's own chrome
 * (the demo store's top bar stands in for it, app/routes/_admin.tsx); Shopify's bell is Shopify's
 * notifications, this one the app's alerts.
 */
export function AdminPage({
  title,
  description,
  primaryAction,
  secondaryActions,
  backAction,
  titleMetadata,
  children,
}: {
  title: string;
  description?: string;
  primaryAction?: PrimaryAction;
  secondaryActions?: SecondaryAction[];
  backAction?: BackAction;
  /** beside the plan badge, e.g. a status badge */
  titleMetadata?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { plan, plusEnabled, alerts } = useAdminLayout();
  const { search } = useLocation();
  const href = (url: string) => withEmbeddedQuery(url, search);
  const actions = (
    <InlineStack gap="200" blockAlign="center" wrap={false}>
      <PlanButton target={titleBarPlanTarget(plan, plusEnabled)} inHeader />
      <AlertsBell bell={alerts} plan={plan} />
      {secondaryActions?.map((action) => (
        <Button
          key={action.content}
          url={action.url ? href(action.url) : undefined}
          onClick={action.onAction}
          disabled={action.disabled}
          loading={action.loading}
          tone={action.destructive ? "critical" : undefined}
        >
          {action.content}
        </Button>
      ))}
    </InlineStack>
  );
  return (
    <>
      {/* Polaris's Page header on its own, so the header is one named region; the page's
          content follows with the same inline padding as Polaris's Page (none below 490 px,
          where cards run edge to edge; the header keeps its own 16 px there). */}
      <section aria-label="Page header">
        <Page
          fullWidth
          title={title}
          subtitle={description}
          titleMetadata={
            <InlineStack gap="200" blockAlign="center">
              <Badge tone={plan === "free" ? undefined : "success"}>{`${planName(plan)} plan`}</Badge>
              {titleMetadata}
            </InlineStack>
          }
          backAction={backAction ? { content: backAction.content, url: href(backAction.url) } : undefined}
          primaryAction={
            primaryAction
              ? {
                  content: primaryAction.loading ? "Saving..." : primaryAction.content,
                  icon: primaryAction.icon,
                  onAction: primaryAction.onAction,
                  disabled: primaryAction.disabled || primaryAction.loading,
                  helpText: primaryAction.helpText,
                }
              : undefined
          }
          secondaryActions={actions}
        />
      </section>
      <Box paddingInline={{ xs: "0", sm: "600" }} paddingBlockEnd="400">
        <BlockStack gap="500">{children}</BlockStack>
      </Box>
    </>
  );
}
