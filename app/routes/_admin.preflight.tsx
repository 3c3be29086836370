import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Link,
  List,
  ProgressBar,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect } from "react";
import { AdminPage, useAdminLayout } from "../components/AdminPage";
import { useNarrow } from "../components/audit-log/useNarrow";
import { useActionFetcher } from "../components/useActionFetcher";
import { useFetcherForm } from "../components/useFetcherForm";
import { useField } from "../components/form-fields";
import { getFormProps } from "@conform-to/react";
import {
  checkFormSchema,
  hygieneSettingsSchema,
  planFormSchema,
  plannedFromForm,
  preflightFormSchema,
} from "../forms/preflight";
import { HygieneFindings } from "../components/preflight/HygieneFindings";
import { CheckDiscount } from "../components/preflight/CheckDiscount";
import { PlanPromotion } from "../components/preflight/PlanPromotion";
import { hygieneThresholds, saveHygieneThresholds } from "../services/preflight/hygiene.server";
import { formIntent, pageAction } from "../http/page-action.server";
import { ok } from "../domain/result";
import { formatCents, formatPercent } from "../domain/money";
import { PREFLIGHT_DAYS_DEFAULT } from "../domain/preflight/types";
import { planHasAlerts } from "../domain/billing/plans";
import { checkForShop, startManualPreflight } from "../http/preflight-api.server";
import { keptDiscountChoices } from "../services/preflight/discount-snapshot.server";
import { latestPreflight, type PreflightView } from "../services/preflight/preflight.server";
import { requireAdmin, type AdminContext } from "../services/shops/admin-context.server";

export const meta: MetaFunction = () => [{ title: "Preflight · Margin Guardrail" }];

/** /preflight: the promotion preflight (docs/product.md#promotion-preflight). */
export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop } = await requireAdmin(request, load);
  return {
    run: await latestPreflight(shop.id),
    thresholds: await hygieneThresholds(shop.id),
    choices: await keptDiscountChoices(shop.id),
  };
};

/** Starts a run over `days` (the API's rules); the page follows its progress. */
// made inside a function: a route module's top level reaches the browser's bundle
const preflightAction = () =>
  pageAction<AdminContext>(
    {
      start: formIntent(
        preflightFormSchema,
        { success: "Preflight started", failure: "Preflight not started" },
        async ({ days }, context) => {
          const started = await startManualPreflight(context, days);
          return started.ok ? ok({ value: { id: started.value.view.id } }) : started;
        },
      ),
      // one of the shop's discounts, checked as POST /api/preflight checks `discountId`
      check: formIntent(checkFormSchema, { failure: "Discount not checked" }, async ({ discountId }, context) => {
        const checked = await checkForShop(context, { discountId }, PREFLIGHT_DAYS_DEFAULT);
        return checked.ok ? ok({ value: checked.value }) : checked;
      }),
      // a promotion not created yet, checked as POST /api/preflight checks `planned`
      plan: formIntent(planFormSchema, { failure: "Promotion not checked" }, async (form, context) => {
        const checked = await checkForShop(context, { planned: plannedFromForm(form) }, PREFLIGHT_DAYS_DEFAULT);
        return checked.ok ? ok({ value: checked.value }) : checked;
      }),
      hygiene: formIntent(
        hygieneSettingsSchema,
        { success: "Audit thresholds saved", failure: "Audit thresholds not saved" },
        async (thresholds, context) => {
          await saveHygieneThresholds(context.shop.id, thresholds);
          return ok({});
        },
      ),
    },
    "Preflight not started",
  );

export const action = async ({ request }: ActionFunctionArgs) =>
  preflightAction()(request, await requireAdmin(request));

const classLabel: Record<string, string> = { PRODUCT: "Product", ORDER: "Order", SHIPPING: "Shipping" };
const riskLabel: Record<string, string> = {
  typo_value: "Looks like a typo",
  no_usage_limit: "No usage limit",
  no_end_date: "No end date",
  combines_with_everything: "Combines with everything",
  not_modelled: "Not valued",
};

function DiscountLink({ label, adminUrl }: { label: string; adminUrl: string | null }) {
  return adminUrl ? (
    <Link url={adminUrl} target="_blank">
      {label}
    </Link>
  ) : (
    <>{label}</>
  );
}

type CartView = NonNullable<NonNullable<PreflightView["results"]>["worst"]>;

function Wrap({ children }: { children: React.ReactNode }) {
  // IndexTable's cells keep to one line: these wrap, so the table fits its card at every width
  return <div style={{ whiteSpace: "normal", overflowWrap: "anywhere" }}>{children}</div>;
}

function CartName({ cart }: { cart: CartView }) {
  return (
    <BlockStack gap="050">
      <Text as="span" fontWeight="semibold">
        {cart.orderAdminUrl ? (
          <Link url={cart.orderAdminUrl} target="_blank">
            {cart.orderName}
          </Link>
        ) : (
          cart.orderName
        )}
      </Text>
      <Text as="span" tone="subdued" variant="bodySm">
        {formatCents(cart.subtotalCents, cart.currency)} cart
      </Text>
    </BlockStack>
  );
}

function WorstDiscount({ cart }: { cart: CartView }) {
  return (
    <BlockStack gap="050">
      <Text as="span" fontWeight="semibold" numeric>
        {formatPercent(cart.percent)} off
      </Text>
      <Text as="span" tone="subdued" variant="bodySm" numeric>
        {formatCents(cart.discountCents, cart.currency)}
      </Text>
    </BlockStack>
  );
}

/** The stack's discounts, linked to Shopify's admin, and the shop's rules it would break. */
function StackAndRules({ cart }: { cart: CartView }) {
  return (
    <Wrap>
      <BlockStack gap="100">
        <Text as="span">
          {cart.stack.map((part, index) => (
            <span key={part.id}>
              {index > 0 ? " + " : ""}
              <DiscountLink label={part.label} adminUrl={part.adminUrl} />
            </span>
          ))}
        </Text>
        <Text as="span" variant="bodySm" tone={cart.rulesBroken.length > 0 ? "critical" : "subdued"}>
          {cart.rulesBroken.length > 0
            ? `Breaks ${cart.rulesBroken.map((broken) => broken.rule).join(", ")}`
            : "Breaks none of your rules"}
        </Text>
      </BlockStack>
    </Wrap>
  );
}

/**
 * The worst carts as Shopify's own indexes show them: three columns that wrap, and under 700 px of
 * the card (useNarrow) IndexTable's condensed list, each cart one stacked cell. Nothing scrolls sideways.
 */
function WorstCarts({ carts, condensed }: { carts: CartView[]; condensed: boolean }) {
  return (
    <IndexTable
      resourceName={{ singular: "cart", plural: "carts" }}
      itemCount={carts.length}
      headings={[{ title: "Cart" }, { title: "Worst discount" }, { title: "Discounts, and rules broken" }]}
      selectable={false}
      condensed={condensed}
    >
      {carts.map((cart, position) =>
        condensed ? (
          <IndexTable.Row id={cart.orderId} key={cart.orderId} position={position}>
            <IndexTable.Cell>
              <BlockStack gap="200">
                <InlineStack align="space-between" blockAlign="start" gap="300" wrap={false}>
                  <CartName cart={cart} />
                  <WorstDiscount cart={cart} />
                </InlineStack>
                <StackAndRules cart={cart} />
              </BlockStack>
            </IndexTable.Cell>
          </IndexTable.Row>
        ) : (
          <IndexTable.Row id={cart.orderId} key={cart.orderId} position={position}>
            <IndexTable.Cell>
              <CartName cart={cart} />
            </IndexTable.Cell>
            <IndexTable.Cell>
              <WorstDiscount cart={cart} />
            </IndexTable.Cell>
            <IndexTable.Cell>
              <StackAndRules cart={cart} />
            </IndexTable.Cell>
          </IndexTable.Row>
        ),
      )}
    </IndexTable>
  );
}

export default function PreflightPage() {
  const { run, thresholds, choices } = useLoaderData<typeof loader>();
  const { plan } = useAdminLayout();
  const revalidator = useRevalidator();
  const start = useActionFetcher("preflight-start", () => revalidator.revalidate());
  const [form, fields] = useFetcherForm({
    id: "preflight",
    schema: preflightFormSchema,
    fetcher: start,
    shouldValidate: "onSubmit",
    defaultValue: { days: String(run?.days ?? PREFLIGHT_DAYS_DEFAULT) },
  });
  const days = useField(fields.days);
  const running = run?.status === "running" || start.state !== "idle";
  const [cartsBox, narrow] = useNarrow();

  useEffect(() => {
    if (run?.status !== "running") return;
    const timer = setTimeout(() => revalidator.revalidate(), 1000);
    return () => clearTimeout(timer);
  }, [run, revalidator]);

  const results = run?.status === "done" ? run.results : null;

  return (
    <AdminPage
      title="Preflight"
      description="The worst discount a customer could reach by stacking your live and scheduled discounts, on your own recent carts"
    >
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="300">
            {/* the button joined to the field: level with the input at every width, the help text below both */}
            <start.Form method="post" {...getFormProps(form)}>
              <input type="hidden" name="intent" value="start" />
              <Box maxWidth="300px">
                <TextField
                  label="Carts of the last"
                  suffix="days"
                  type="text"
                  inputMode="numeric"
                  {...days.textField}
                  helpText="1 to 365"
                  connectedRight={
                    <Button variant="primary" submit loading={running} disabled={running}>
                      Run preflight
                    </Button>
                  }
                />
              </Box>
            </start.Form>
            {run?.status === "running" ? (
              <BlockStack gap="100">
                <ProgressBar progress={run.progress} size="small" />
                <Text as="p" tone="subdued">
                  {run.ordersTotal !== null
                    ? `${run.ordersRead} of ${run.ordersTotal} carts read`
                    : `${run.ordersRead} carts read`}
                </Text>
              </BlockStack>
            ) : null}
            {run?.status === "failed" ? (
              <Banner tone="critical" title="The preflight did not finish">
                <p>{run.error}</p>
              </Banner>
            ) : null}
            <Text as="p" tone="subdued">
              {planHasAlerts(plan)
                ? "It also runs when a discount is created or changed in Shopify, and alerts you when the change makes a worse stack reachable."
                : "On Core and Plus it also runs when a discount is created or changed in Shopify, and alerts you when the change makes a worse stack reachable."}
            </Text>
          </BlockStack>
        </Card>

        {results ? (
          <>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Worst reachable stack
                </Text>
                {results.worst ? (
                  <>
                    <Text as="p" variant="headingLg">
                      {formatPercent(results.worstDiscountPercent)} off (
                      {formatCents(results.worstDiscountCents, results.currency)}) on cart{" "}
                      {results.worst.orderAdminUrl ? (
                        <Link url={results.worst.orderAdminUrl} target="_blank">
                          {results.worst.orderName}
                        </Link>
                      ) : (
                        results.worst.orderName
                      )}
                    </Text>
                    <List>
                      {results.worst.stack.map((part) => (
                        <List.Item key={part.id}>
                          <DiscountLink label={part.label} adminUrl={part.adminUrl} /> ·{" "}
                          {classLabel[part.discountClass] ?? part.discountClass} discount ·{" "}
                          {formatCents(part.amountCents, results.currency)}
                        </List.Item>
                      ))}
                    </List>
                    {results.worst.reachableFrom > (run?.startedAt ?? "") ? (
                      <Text as="p" tone="subdued">
                        Reachable from {results.worst.reachableFrom.slice(0, 10)}, when its last discount starts.
                      </Text>
                    ) : null}
                    {results.rulesBroken.length > 0 ? (
                      <Banner tone="warning" title="Your rules would catch this">
                        <p>
                          {results.rulesBroken
                            .map((broken) => `${broken.rule} (${broken.carts} of the worst carts)`)
                            .join(", ")}
                        </p>
                      </Banner>
                    ) : null}
                    {results.rulesTesting && results.rulesTesting.length > 0 ? (
                      <Text as="p" tone="subdued">
                        Testing rules, which catch nothing, would have flagged it:{" "}
                        {results.rulesTesting
                          .map((testing) => `${testing.rule} (${testing.carts} of the worst carts)`)
                          .join(", ")}
                      </Text>
                    ) : null}
                  </>
                ) : (
                  <Text as="p">No cart of the last {results.days} days reaches any of your discounts.</Text>
                )}
                <Text as="p" tone="subdued">
                  {results.cartsScanned} carts of the last {results.days} days, {results.discountsLive} live or
                  scheduled discounts. Shopify&apos;s combination rules, modelled: free shipping counts only where the
                  order says what shipping cost, and buy X get Y and apps&apos; discounts are not valued.
                </Text>
              </BlockStack>
            </Card>

            {results.worstCarts.length > 0 ? (
              <Card padding="0">
                <BlockStack gap="300">
                  <Box paddingBlockStart="400" paddingInline="400">
                    <Text as="h2" variant="headingMd">
                      Worst carts
                    </Text>
                  </Box>
                  <div ref={cartsBox}>
                    <WorstCarts carts={results.worstCarts} condensed={narrow} />
                  </div>
                </BlockStack>
              </Card>
            ) : null}

            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Risks
                </Text>
                {results.risks.length === 0 ? (
                  <Text as="p">No configuration risk found.</Text>
                ) : (
                  <BlockStack gap="300">
                    {results.risks.map((risk, index) => (
                      <BlockStack key={`${risk.discountId}-${risk.kind}-${index}`} gap="100">
                        <InlineStack gap="200" blockAlign="center" wrap>
                          <Badge
                            tone={
                              risk.kind === "typo_value"
                                ? "critical"
                                : risk.kind === "not_modelled"
                                  ? "info"
                                  : "warning"
                            }
                          >
                            {riskLabel[risk.kind] ?? risk.kind}
                          </Badge>
                          <DiscountLink label="Open in Shopify" adminUrl={risk.adminUrl} />
                        </InlineStack>
                        <Text as="p" breakWord>
                          {risk.message}
                        </Text>
                      </BlockStack>
                    ))}
                  </BlockStack>
                )}
              </BlockStack>
            </Card>

            <Card>
              <section aria-labelledby="preflight-hygiene-heading">
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd" id="preflight-hygiene-heading">
                    Discount hygiene
                  </Text>
                  <HygieneFindings
                    findings={results.hygiene ?? []}
                    empty={
                      results.hygiene
                        ? "No live discount has a setting to flag."
                        : "Run the preflight again to audit your discounts."
                    }
                  />
                </BlockStack>
              </section>
            </Card>
          </>
        ) : null}

        <CheckDiscount choices={choices} />
        <PlanPromotion />
        <HygieneSettings
          activeDays={thresholds.activeDays}
          fullPercent={thresholds.fullPercent}
          hasRun={results !== null}
        />
      </BlockStack>
    </AdminPage>
  );
}

/** The hygiene audit's thresholds, the merchant's to change (docs/product.md#discount-hygiene). */
function HygieneSettings({
  activeDays,
  fullPercent,
  hasRun,
}: {
  activeDays: number;
  fullPercent: number;
  /** a finished run's findings are on the page above */
  hasRun: boolean;
}) {
  const save = useActionFetcher("preflight-hygiene");
  const [form, fields] = useFetcherForm({
    id: "preflight-hygiene",
    schema: hygieneSettingsSchema,
    fetcher: save,
    shouldValidate: "onSubmit",
    defaultValue: { activeDays: String(activeDays), fullPercent: String(fullPercent) },
  });
  const days = useField(fields.activeDays);
  const percent = useField(fields.fullPercent);
  return (
    <Card>
      <section aria-labelledby="preflight-thresholds-heading">
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd" id="preflight-thresholds-heading">
            Audit thresholds
          </Text>
          <save.Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="hygiene" />
            <BlockStack gap="300">
              <InlineStack gap="400" wrap>
                <Box maxWidth="240px">
                  <TextField
                    label="Flag discounts active for more than"
                    suffix="days"
                    inputMode="numeric"
                    helpText="Default 42 (six weeks)"
                    {...days.textField}
                  />
                </Box>
                <Box maxWidth="240px">
                  <TextField
                    label="Flag percentages from"
                    suffix="%"
                    inputMode="numeric"
                    helpText="Default 100"
                    {...percent.textField}
                  />
                </Box>
              </InlineStack>
              <InlineStack>
                <Button submit loading={save.state !== "idle"}>
                  Save thresholds
                </Button>
              </InlineStack>
            </BlockStack>
          </save.Form>
          <Text as="p" tone="subdued">
            {hasRun
              ? "The findings above use the thresholds of the last run: run the preflight again after changing them."
              : "The preflight and Check stacking risk find what these thresholds flag."}
          </Text>
        </BlockStack>
      </section>
    </Card>
  );
}
