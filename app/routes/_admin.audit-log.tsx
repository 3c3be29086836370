import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Card, DataTable, EmptyState, Text } from "@shopify/polaris";
import { AdminPage } from "../components/AdminPage";
import { SeverityBadge } from "../components/EventList";
import { toEventView } from "../domain/audit-view";
import { latestAuditEvents } from "../services/audit.server";
import { requireAdmin } from "../services/admin-context.server";

export const meta: MetaFunction = () => [{ title: "Audit Log · Margin Guardrail" }];

/** Events shown on the page, newest first. */
const AUDIT_PAGE_SIZE = 50;

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await requireAdmin(request);
  const events = await latestAuditEvents(shop.id, AUDIT_PAGE_SIZE);
  return { events: events.map((event) => toEventView(event, shop.timezone)) };
};

export default function AuditLog() {
  const { events } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Audit Log" description="Every rule breach and change, with the numbers behind it">
      <Card padding="0">
        {events.length === 0 ? (
          <EmptyState heading="No Audit Logs Yet" image="">
            <Text as="p">Orders that break one of your rules are recorded here.</Text>
          </EmptyState>
        ) : (
          <DataTable
            columnContentTypes={["text", "text", "text", "text", "text", "numeric", "numeric", "text", "text"]}
            headings={["Time", "Event", "Severity", "Order", "Codes", "Discount", "Amount", "Rule", "Message"]}
            rows={events.map((event) => [
              <time key="time" dateTime={event.createdAt} style={{ whiteSpace: "nowrap" }}>
                {event.time}
              </time>,
              event.typeLabel,
              <SeverityBadge key="severity" severity={event.severity} />,
              event.orderName ?? "",
              event.discountCodes.join(", "),
              event.discountPercent ?? "",
              event.totalDiscount ?? "",
              event.ruleName ?? "",
              <div key="message" style={{ whiteSpace: "normal", minWidth: 280 }}>
                {event.message}
              </div>,
            ])}
            increasedTableDensity
          />
        )}
      </Card>
    </AdminPage>
  );
}
