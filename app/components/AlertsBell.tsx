import { ActionList, Badge, BlockStack, Box, Button, Link, Popover, Text } from "@shopify/polaris";
import { NotificationIcon } from "@shopify/polaris-icons";
import { useLocation, useRevalidator } from "@remix-run/react";
import { useCallback, useState } from "react";
import type { AlertBellView } from "../domain/alerts/alert-bell";
import type { PlanId } from "../domain/billing/plans";
import { planHasAlerts } from "../domain/billing/plans";
import { withEmbeddedQuery } from "./admin-nav";
import { SeverityBadge } from "./EventList";

/**
 * The header's bell (docs/product.md#admin-header): the app's own alerts, the unread count on
 * the button, the latest in a menu, each leading to its order's row in the Audit Log. Opening it
 * marks the alerts it shows read for the shop (POST /api/alerts/read); the lines keep their
 * "New" until the menu closes, and the page's data is read again then.
 */
export function AlertsBell({ bell, plan }: { bell: AlertBellView; plan: PlanId }) {
  const [open, setOpen] = useState(false);
  const [marked, setMarked] = useState<string | null>(null);
  const { revalidate } = useRevalidator();
  const { search } = useLocation();
  const href = (url: string) => withEmbeddedQuery(url, search);

  const close = useCallback(() => {
    setOpen(false);
    if (marked) revalidate();
  }, [marked, revalidate]);
  const toggle = useCallback(() => {
    if (open) return close();
    setOpen(true);
    const upTo = bell.newestAt;
    if (!bell.badge || !upTo || marked === upTo) return;
    setMarked(upTo);
    // App Bridge adds the session token inside Shopify's admin; a failure leaves the count as it was
    fetch("/api/alerts/read", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ upTo }),
    })
      .then((response) => {
        if (!response.ok) setMarked(null);
      })
      .catch(() => setMarked(null));
  }, [open, close, bell.badge, bell.newestAt, marked]);

  // once opened, the count is read: the button shows none until new alerts come
  const badge = marked === bell.newestAt ? null : bell.badge;
  const activator = (
    <Button
      icon={NotificationIcon}
      onClick={toggle}
      accessibilityLabel={badge ? bell.label : "Alerts, none unread"}
      disclosure={false}
      ariaExpanded={open}
      ariaControls="alerts-bell-menu"
    >
      {badge ?? undefined}
    </Button>
  );

  return (
    <Popover
      active={open}
      activator={activator}
      onClose={close}
      preferredAlignment="right"
      autofocusTarget="first-node"
    >
      {/* a named region: the menu is drawn outside the page's landmarks, in Polaris's portal */}
      <section id="alerts-bell-menu" aria-labelledby="alerts-bell-heading">
        <Box padding="300" paddingBlockEnd="0">
          <Text as="h2" variant="headingSm" id="alerts-bell-heading">
            Alerts
          </Text>
        </Box>
        {bell.alerts.length > 0 ? (
          <ActionList
            items={bell.alerts.map((alert) => ({
              content: alert.subject,
              url: href(alert.url),
              helpText: [alert.rules.join(", "), alert.at].filter(Boolean).join(" · "),
              suffix: (
                <BlockStack gap="100" inlineAlign="end">
                  <SeverityBadge severity={alert.severity} />
                  {alert.unread ? <Badge tone="info">New</Badge> : null}
                </BlockStack>
              ),
              onAction: close,
            }))}
          />
        ) : (
          <Box padding="300">
            <Text as="p" tone="subdued">
              {planHasAlerts(plan)
                ? "No alerts sent yet. Each alert your channels get shows here."
                : "Alerts come with the Core plan. Rule breaches are in the Audit Log."}
            </Text>
          </Box>
        )}
        <Box padding="300" borderBlockStartWidth="025" borderColor="border">
          <BlockStack gap="100">
            {bell.moreUnread ? (
              <Text as="p" variant="bodySm">
                {`${bell.moreUnread}, older than these: they are in the Audit Log.`}
              </Text>
            ) : null}
            <Link url={href(bell.alerts.length > 0 ? "/audit-log?type=alert_sent" : "/audit-log")} removeUnderline>
              {bell.alerts.length > 0 ? "All alerts in the Audit Log" : "Open the Audit Log"}
            </Link>
          </BlockStack>
        </Box>
      </section>
    </Popover>
  );
}
