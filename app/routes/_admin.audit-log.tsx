import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { Box, Button, Card, InlineStack, Pagination } from "@shopify/polaris";
import { IllustratedEmptyState } from "../components/IllustratedEmptyState";
import { useCallback, useState } from "react";
import { AdminPage } from "../components/AdminPage";
import { withEmbeddedQuery } from "../components/admin-nav";
import { AuditTable } from "../components/audit-log/AuditTable";
import { FilterBar } from "../components/audit-log/FilterBar";
import { useNarrow } from "../components/audit-log/useNarrow";
import { useToast } from "../components/Toasts";
import { groupAuditEvents } from "../domain/audit/audit-groups";
import { toEventView } from "../domain/audit/audit-view";
import { formatCents } from "../domain/money";
import { requireAdmin, type AdminContext } from "../services/shops/admin-context.server";
import { moneyBehind } from "../services/roi/money-figures.server";
import { MoneyBehind } from "../components/MoneyBehind";
import { auditOrderPage, readAuditQuery, type AuditQuery } from "../services/audit/log.server";
import { closedHolds, releaseHold } from "../services/actions/release-hold.server";
import { actionClientOf } from "../services/actions/admin-client.server";
import { pageAction, plainIntent } from "../http/page-action.server";
import { ok } from "../domain/result";

export const meta: MetaFunction = () => [{ title: "Audit Log · Margin Guardrail" }];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop } = await requireAdmin(request, load);
  const params = new URL(request.url).searchParams;
  const parsed = readAuditQuery(params);
  // A hand-edited URL with a bad filter shows everything rather than an error.
  const query: AuditQuery = parsed.success ? parsed.data : { q: undefined };
  // a money figure's link lists the orders behind it (docs/product.md#what-the-figures-count)
  // a page of orders, each with all its events: no order is split across pages
  const [page, money] = await Promise.all([auditOrderPage(shop.id, query), moneyBehind(shop, params)]);
  // held orders show "Release hold" until someone releases them or the order is cancelled
  // (docs/product.md#order-actions)
  const closed = await closedHolds(
    shop.id,
    page.events.filter((event) => event.eventType === "fulfillment_held"),
  );
  return {
    money,
    query: { q: query.q ?? "", type: query.type ?? "", severity: query.severity ?? "", cursor: query.cursor ?? "" },
    nextCursor: page.nextCursor,
    // one row per order or checkout, its events inside (docs/product.md#audit-log)
    groups: groupAuditEvents(
      page.events.map((event) => ({
        ...toEventView(event, shop.timezone),
        orderId: event.orderId,
        preDiscountSubtotal:
          event.preDiscountSubtotalCents === null ? null : formatCents(event.preDiscountSubtotalCents, event.currency),
        hold: event.eventType === "fulfillment_held" ? { closed: closed.get(event.id) ?? null } : null,
      })),
    ),
  };
};

/** "Release hold" on a held order: Shopify releases it, then hold_released is recorded. */
// made inside a function: a route module's top level reaches the browser's bundle
const auditAction = () =>
  pageAction<AdminContext>(
    {
      releaseHold: plainIntent({ failure: "Hold not released" }, async (form, context) => {
        const released = await releaseHold(
          context.shop.id,
          String(form.get("eventId") ?? ""),
          context.actor,
          actionClientOf(context),
        );
        return released.ok ? ok({ title: released.value }) : released;
      }),
    },
    "Hold not released",
  );

export const action = async ({ request }: ActionFunctionArgs) => auditAction()(request, await requireAdmin(request));

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

/** The pages the merchant went back through, newest first, so "Newer" returns to the one before. */
interface PagesState {
  pages?: string[];
}

export default function AuditLog() {
  const { groups, nextCursor, query, money } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const location = useLocation();
  const exportCsv = useExportCsv();
  const [listBox, narrow] = useNarrow();
  // a filter, a search or a page of this log on its way: the rows shown are marked as loading
  const navigation = useNavigation();
  const refreshing = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const filtered = Boolean(query.q || query.type || query.severity);
  // the cursors of the pages before this one (a link to an older page has none: Newer goes to the newest)
  const pages = (location.state as PagesState | null)?.pages ?? [];

  const withParams = useCallback((changes: Record<string, string | null>) => {
    // the address as it is when the merchant acts: a filter changed right after a search must
    // keep the search, even before this render has seen the search's navigation land
    const params = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) params.set(key, value);
      else params.delete(key);
    }
    return `?${params.toString()}`;
  }, []);
  const onSearch = useCallback(
    (q: string, live: boolean) => navigate(withParams({ q: q.trim(), cursor: null }), { replace: live }),
    [navigate, withParams],
  );
  const older = () =>
    nextCursor && navigate(withParams({ cursor: nextCursor }), { state: { pages: [...pages, query.cursor] } });
  const newer = () => navigate(withParams({ cursor: pages.at(-1) || null }), { state: { pages: pages.slice(0, -1) } });

  return (
    <AdminPage title="Audit Log" description="Every rule breach and change, with the numbers behind it">
      {money ? (
        <MoneyBehind view={money} onClose={() => navigate(withParams({ figure: null, from: null, to: null }))} />
      ) : null}
      <Card padding="0">
        <FilterBar
          filters={query}
          onSearch={onSearch}
          onFilter={(key, value) => navigate(withParams({ [key]: value, cursor: null }))}
          onClearAll={() => navigate(withParams({ type: null, severity: null, cursor: null }))}
          loading={refreshing}
        />
        {groups.length === 0 ? (
          filtered ? (
            // the log has events, none of them these: say so, and offer the way back to all of them
            <IllustratedEmptyState
              heading="No events match these filters"
              image="/empty-audit-log.svg"
              action={{
                content: "Clear filters",
                onAction: () => navigate(withParams({ q: null, type: null, severity: null, cursor: null })),
              }}
            >
              Try another search or filter, or clear them to see every event in the log.
            </IllustratedEmptyState>
          ) : (
            <IllustratedEmptyState
              heading="No Audit Logs Yet"
              image="/empty-audit-log.svg"
              action={{ content: "Review your rules", url: withEmbeddedQuery("/rules", location.search) }}
            >
              Orders that break one of your rules are recorded here, with the numbers behind them.
            </IllustratedEmptyState>
          )
        ) : (
          <>
            <div ref={listBox} aria-busy={refreshing}>
              <AuditTable groups={groups} condensed={narrow} loading={refreshing} />
            </div>
            {/* the card's footer: everything that matches as a CSV, and the pages back in time */}
            <Box padding="300" borderBlockStartWidth="025" borderColor="border">
              <InlineStack align="space-between" blockAlign="center" gap="300">
                <Button onClick={exportCsv.run} loading={exportCsv.busy}>
                  Export CSV
                </Button>
                <Pagination
                  hasPrevious={Boolean(query.cursor)}
                  onPrevious={newer}
                  hasNext={Boolean(nextCursor)}
                  onNext={older}
                  accessibilityLabels={{ previous: "Newer", next: "Older" }}
                  label={query.cursor ? "Older events" : "Latest events"}
                />
              </InlineStack>
            </Box>
          </>
        )}
      </Card>
    </AdminPage>
  );
}
