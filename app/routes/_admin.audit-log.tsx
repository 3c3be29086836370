import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigate, useSubmit } from "@remix-run/react";
import {
  BlockStack,
  Box,
  Button,
  Card,
  DataTable,
  EmptyState,
  InlineGrid,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "../components/AdminPage";
import { SeverityBadge } from "../components/EventList";
import { useToast } from "../components/Toasts";
import { AUDIT_EVENT_TYPES, AUDIT_EVENT_TYPE_LABELS } from "../domain/audit-events";
import { toEventView } from "../domain/audit-view";
import { formatCents } from "../domain/money";
import { SEVERITY_BANDS, STACKING_SEVERITY_TEXT } from "../domain/severity";
import { requireAdmin } from "../services/shops/admin-context.server";
import { moneyBehind } from "../services/roi/money-figures.server";
import { MoneyBehind } from "../components/MoneyBehind";
import { auditPage, readAuditQuery, type AuditQuery } from "../services/audit/log.server";
import { releaseHold, releasedHolds } from "../services/actions/release-hold.server";
import { actionClientOf } from "../services/actions/admin-client.server";
import { pageFormAction } from "../http/request-body.server";
import { useActionFetcher, type ToastingResult } from "../components/useActionFetcher";

export const meta: MetaFunction = () => [{ title: "Audit Log · Margin Guardrail" }];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop } = await requireAdmin(request, load);
  const params = new URL(request.url).searchParams;
  const parsed = readAuditQuery(params);
  // A hand-edited URL with a bad filter shows everything rather than an error.
  const query: AuditQuery = parsed.success ? parsed.data : { q: undefined };
  // a money figure's link lists the orders behind it (docs/decisions/0025-what-saved-means.md)
  const [page, money] = await Promise.all([auditPage(shop.id, query), moneyBehind(shop, params)]);
  // held orders show "Release hold" until someone releases them (docs/product.md#order-actions)
  const released = await releasedHolds(
    shop.id,
    page.events.filter((event) => event.eventType === "fulfillment_held").map((event) => event.id),
  );
  return {
    money,
    query: { q: query.q ?? "", type: query.type ?? "", severity: query.severity ?? "", paged: Boolean(query.cursor) },
    nextCursor: page.nextCursor,
    events: page.events.map((event) => ({
      ...toEventView(event, shop.timezone),
      preDiscountSubtotal:
        event.preDiscountSubtotalCents === null ? null : formatCents(event.preDiscountSubtotalCents, event.currency),
      hold:
        event.eventType === "fulfillment_held"
          ? released.has(event.id)
            ? { releasedBy: released.get(event.id) ?? null }
            : { releasedBy: null }
          : null,
    })),
  };
};

export interface AuditActionResult extends ToastingResult {
  status: number;
}

/** "Release hold" on a held order: Shopify releases it, then hold_released is recorded. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireAdmin(request);
  const refused = (message: string): AuditActionResult => ({
    ok: false,
    status: 400,
    toast: { title: "Hold not released", description: message, error: true },
  });
  return pageFormAction(request, refused, async (formData): Promise<AuditActionResult> => {
    if (formData.get("intent") !== "releaseHold") return refused("Unknown action");
    const result = await releaseHold(
      context.shop.id,
      String(formData.get("eventId") ?? ""),
      context.actor,
      actionClientOf(context),
    );
    return result.ok
      ? { ok: true, status: 200, toast: { title: result.value } }
      : {
          ok: false,
          status: result.error.status,
          toast: { title: "Hold not released", description: result.error.message, error: true },
        };
  });
};

/** The held order's "Release hold" button, or who released it. */
function HoldCell({ eventId, releasedBy }: { eventId: string; releasedBy: string | null }) {
  const fetcher = useActionFetcher<AuditActionResult>(`release-${eventId}`);
  if (releasedBy) {
    return (
      <Text as="span" tone="subdued">
        Released by {releasedBy}
      </Text>
    );
  }
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="releaseHold" />
      <input type="hidden" name="eventId" value={eventId} />
      <Button submit size="slim" loading={fetcher.state !== "idle"}>
        Release hold
      </Button>
    </fetcher.Form>
  );
}

const TYPE_OPTIONS = [
  { label: "All events", value: "" },
  ...AUDIT_EVENT_TYPES.map((type) => ({ label: AUDIT_EVENT_TYPE_LABELS[type], value: type })),
];
const SEVERITY_OPTIONS = [
  { label: "Any severity", value: "" },
  ...SEVERITY_BANDS.map((band) => ({ label: `${band.severity} and above`, value: band.severity })),
];

function useExportCsv() {
  const location = useLocation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    // fetch (App Bridge adds the session token when embedded), then save the file
    async run() {
      setBusy(true);
      try {
        const params = new URLSearchParams(location.search);
        params.delete("cursor");
        const response = await fetch(`/api/audit/export.csv?${params.toString()}`);
        if (!response.ok) throw new Error(`${response.status}`);
        const url = URL.createObjectURL(await response.blob());
        const link = document.createElement("a");
        link.href = url;
        link.download =
          /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "audit-log.csv";
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      } catch {
        toast({
          title: "Export failed",
          description: "The CSV could not be downloaded. Please try again.",
          error: true,
        });
      } finally {
        setBusy(false);
      }
    },
  };
}

export default function AuditLog() {
  const { events, nextCursor, query, money } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useState(query.q);
  const exportCsv = useExportCsv();
  const filtered = Boolean(query.q || query.type || query.severity);

  const withParams = (changes: Record<string, string | null>) => {
    // the address as it is when the merchant acts: a filter changed right after a search must
    // keep the search, even before this render has seen the search's navigation land
    const params = new URLSearchParams(typeof window === "undefined" ? location.search : window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) params.set(key, value);
      else params.delete(key);
    }
    return `?${params.toString()}`;
  };
  const filter = (key: string) => (value: string) => navigate(withParams({ [key]: value, cursor: null }));

  return (
    <AdminPage title="Audit Log" description="Every rule breach and change, with the numbers behind it">
      {money ? (
        <MoneyBehind view={money} onClose={() => navigate(withParams({ figure: null, from: null, to: null }))} />
      ) : null}
      <Card>
        <BlockStack gap="300">
          <InlineGrid columns={{ xs: 1, md: "2fr 1fr 1fr auto" }} gap="300" alignItems="end">
            <Form
              method="get"
              role="search"
              onSubmit={(event) => {
                event.preventDefault();
                submit(withParams({ q: search, cursor: null }), { method: "get" });
              }}
            >
              <TextField
                label="Search"
                placeholder="Order name, discount code or rule"
                value={search}
                onChange={setSearch}
                autoComplete="off"
                clearButton
                onClearButtonClick={() => {
                  setSearch("");
                  navigate(withParams({ q: null, cursor: null }));
                }}
                connectedRight={<Button submit>Search</Button>}
              />
            </Form>
            <Select label="Event type" options={TYPE_OPTIONS} value={query.type} onChange={filter("type")} />
            <Select label="Severity" options={SEVERITY_OPTIONS} value={query.severity} onChange={filter("severity")} />
            <Button onClick={exportCsv.run} loading={exportCsv.busy}>
              Export CSV
            </Button>
          </InlineGrid>
          <Text as="p" variant="bodySm" tone="subdued">
            Severity: {SEVERITY_BANDS.map((band) => `${band.severity}, ${band.description}`).join("; ")}.{" "}
            {STACKING_SEVERITY_TEXT}
          </Text>
        </BlockStack>
      </Card>
      <Card padding="0">
        {events.length === 0 ? (
          <EmptyState heading="No Audit Logs Yet" image="">
            <Text as="p">
              {filtered
                ? "No events match these filters."
                : "Orders that break one of your rules are recorded here, with the numbers behind them."}
            </Text>
          </EmptyState>
        ) : (
          <DataTable
            columnContentTypes={[
              "text",
              "text",
              "text",
              "text",
              "text",
              "numeric",
              "numeric",
              "numeric",
              "text",
              "text",
            ]}
            headings={[
              "Time",
              "Event",
              "Severity",
              "Order",
              "Codes",
              "Discount",
              "Amount",
              "Subtotal",
              "Rule",
              "Message",
            ]}
            rows={events.map((event) => [
              <time key="time" dateTime={event.createdAt} style={{ whiteSpace: "nowrap" }}>
                {event.time}
              </time>,
              event.typeLabel,
              <SeverityBadge key="severity" severity={event.severity} />,
              event.orderName ?? "",
              event.moreCodes > 0
                ? `${event.discountCodes.join(", ")} and ${event.moreCodes} more`
                : event.discountCodes.join(", "),
              event.discountPercent ?? "",
              event.totalDiscount ?? "",
              event.preDiscountSubtotal ?? "",
              event.ruleName ?? "",
              <div key="message" style={{ whiteSpace: "normal", minWidth: 280 }}>
                <BlockStack gap="100">
                  <span>{event.message}</span>
                  {event.hold ? <HoldCell eventId={event.id} releasedBy={event.hold.releasedBy} /> : null}
                </BlockStack>
              </div>,
            ])}
            increasedTableDensity
          />
        )}
      </Card>
      <Box paddingBlockEnd="400">
        <InlineStack align="center" gap="300">
          <Button disabled={!query.paged} onClick={() => navigate(withParams({ cursor: null }))}>
            Newest
          </Button>
          <Button disabled={!nextCursor} onClick={() => nextCursor && navigate(withParams({ cursor: nextCursor }))}>
            Older
          </Button>
        </InlineStack>
      </Box>
    </AdminPage>
  );
}
