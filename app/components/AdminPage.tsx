import { ActionList, Badge, BlockStack, Box, Button, InlineStack, Page, Popover, Text } from "@shopify/polaris";
import { NotificationIcon, PersonIcon } from "@shopify/polaris-icons";
import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { PLUS_COMING_SOON_TOAST, headerPlanTarget, planButton, planName, type PlanId } from "../domain/plans";
import { withEmbeddedQuery } from "./admin-nav";
import { useToast } from "./Toasts";

/** What the embedded layout's loader (app/routes/_admin.tsx) gives every admin screen. */
export interface AdminLayoutData {
  apiKey: string;
  demo: boolean;
  shop: { domain: string; name: string };
  plan: PlanId;
  /** alerts of the last 7 days, for the bell */
  alertCount: number;
}

export function useAdminLayout(): AdminLayoutData {
  const data = useRouteLoaderData<AdminLayoutData>("routes/_admin");
  if (!data) throw new Error("useAdminLayout is used outside the admin layout");
  return data;
}

interface PlanChangeResult {
  ok: boolean;
  message?: string;
  plan?: PlanId;
  confirmationUrl?: string;
}

/** One plan change at a time, shared by every plan button and the layout's toasts. */
const PLAN_CHANGE_FETCHER = "plan-change";

/**
 * Toasts for plan changes (docs/product.md#plans). Lives in the layout, so the result is
 * shown even when the button that asked for it is gone (an upgrade unlocks its page).
 */
export function PlanChangeToasts() {
  const fetcher = useFetcher<PlanChangeResult>({ key: PLAN_CHANGE_FETCHER });
  const toast = useToast();
  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if (!result.ok) {
      toast({ title: "Error", description: result.message ?? "Failed to update plan", error: true });
      return;
    }
    toast({ title: "Plan Updated", description: result.message });
    if (result.confirmationUrl) window.open(result.confirmationUrl, "_top");
  }, [fetcher.data, fetcher.state, toast]);
  return null;
}

/** The plan upgrade or downgrade button with the product's labels (section 4). */
export function PlanButton({ target }: { target: PlanId }) {
  const { plan } = useAdminLayout();
  const fetcher = useFetcher<PlanChangeResult>({ key: PLAN_CHANGE_FETCHER });
  const toast = useToast();
  const processing = fetcher.state !== "idle" && fetcher.formData?.get("plan") === target;
  const state = planButton(plan, target, { processing });

  if (state.kind === "coming_soon") {
    return (
      // A disabled button receives no clicks; the wrapper still tells why it is disabled.
      <span role="presentation" data-testid="plus-coming-soon" onClick={() => toast(PLUS_COMING_SOON_TOAST)}>
        <Button disabled>{state.label}</Button>
      </span>
    );
  }
  return (
    <Button
      variant={state.kind === "upgrade" ? "primary" : "secondary"}
      disabled={state.disabled}
      onClick={() =>
        fetcher.submit(
          { plan: target },
          {
            method: "post",
            action: state.kind === "upgrade" ? "/api/billing/upgrade" : "/api/billing/downgrade",
          },
        )
      }
    >
      {state.label}
    </Button>
  );
}

function UserMenu() {
  const { shop, plan } = useAdminLayout();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      activator={
        <Button icon={PersonIcon} onClick={() => setOpen((value) => !value)} disclosure>
          {shop.name}
        </Button>
      }
    >
      <ActionList
        sections={[
          {
            title: shop.domain,
            items: [
              { content: `Plan: ${planName(plan)}`, disabled: true },
              { content: "Pricing", url: withEmbeddedQuery("/pricing", location.search) },
              { content: "Support", url: withEmbeddedQuery("/support", location.search) },
            ],
          },
        ]}
      />
    </Popover>
  );
}

export interface PrimaryAction {
  content: string;
  onAction: () => void;
  loading?: boolean;
  disabled?: boolean;
}

/**
 * Every admin page's header (docs/product.md#plans): title and optional description, plan
 * badge and plan button, optional primary action ('Saving...' while loading), the
 * notifications bell with the alert count, and the user menu.
 */
export function AdminPage({
  title,
  description,
  primaryAction,
  children,
}: {
  title: string;
  description?: string;
  primaryAction?: PrimaryAction;
  children: React.ReactNode;
}) {
  const { plan, alertCount } = useAdminLayout();
  const location = useLocation();
  return (
    <Page fullWidth>
      <BlockStack gap="500">
        <section aria-label="Page header">
          <InlineStack align="space-between" blockAlign="start" gap="400">
            <BlockStack gap="100">
              <Text as="h1" variant="headingXl">
                {title}
              </Text>
              {description ? (
                <Text as="p" tone="subdued">
                  {description}
                </Text>
              ) : null}
            </BlockStack>
            <InlineStack gap="300" blockAlign="center">
              <Badge tone={plan === "free" ? undefined : "success"}>{`${planName(plan)} plan`}</Badge>
              <PlanButton target={headerPlanTarget(plan)} />
              {primaryAction ? (
                <Button
                  variant="primary"
                  onClick={primaryAction.onAction}
                  disabled={primaryAction.disabled || primaryAction.loading}
                >
                  {primaryAction.loading ? "Saving..." : primaryAction.content}
                </Button>
              ) : null}
              <InlineStack gap="100" blockAlign="center">
                <Button
                  icon={NotificationIcon}
                  variant="tertiary"
                  url={withEmbeddedQuery("/audit-log", location.search)}
                  accessibilityLabel={`Notifications: ${alertCount} alerts in the last 7 days`}
                />
                <Box>
                  <Badge tone={alertCount > 0 ? "attention" : undefined}>{String(alertCount)}</Badge>
                </Box>
              </InlineStack>
              <UserMenu />
            </InlineStack>
          </InlineStack>
        </section>
        {children}
      </BlockStack>
    </Page>
  );
}
