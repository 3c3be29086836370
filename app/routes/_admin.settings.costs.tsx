import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineError,
  InlineStack,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { AdminPage, useAdminLayout } from "../components/AdminPage";
import { UnsavedChangesBar } from "../components/UnsavedChangesBar";
import { useActionFetcher } from "../components/useActionFetcher";
import type { PageActionResult } from "../forms/page-action";
import { useAppBridgePresent } from "../components/useAppBridge";
import { MAX_GATEWAYS, costSettingsView } from "../domain/costs/costs";
import { centsToDecimal } from "../domain/money";
import { InputRefusal, readJson } from "../http/request-body.server";
import { loadCostSettings, saveCostSettings } from "../services/costs/settings.server";
import { requireAdmin } from "../services/shops/admin-context.server";

export const meta: MetaFunction = () => [{ title: "Costs · Settings · Margin Guardrail" }];

type View = ReturnType<typeof costSettingsView>;

/** /settings/costs: the cost model's settings (docs/product.md#costs). */
export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop } = await requireAdmin(request, load);
  return { settings: costSettingsView(await loadCostSettings(shop.id)), currency: shop.currency };
};

/** The refused field, named as the settings name it, and what is wrong with it. */
type CostsActionResult = PageActionResult<{ field: string; message: string }>;

/** Saves the page's JSON body with the service's rules: a bad field is named, and nothing is saved. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop } = await requireAdmin(request);
  const refused = (status: number, description: string, value?: CostsActionResult["value"]) => {
    const answer: CostsActionResult = {
      intent: "save",
      ok: false,
      status,
      toast: { title: "Not saved", description, error: true },
      ...(value ? { value } : {}),
    };
    return data(answer, { status });
  };
  let body: unknown;
  try {
    body = await readJson(request);
  } catch (error) {
    if (!(error instanceof InputRefusal)) throw error;
    return refused(error.status, error.message);
  }
  const saved = await saveCostSettings(shop.id, body);
  if (!saved.ok) {
    const [field, messages] = Object.entries(saved.error.fields ?? {})[0] ?? ["body", []];
    const message = messages[0] ?? saved.error.message;
    return refused(saved.error.status, "Check the highlighted field.", { field, message });
  }
  const answer: CostsActionResult = { intent: "save", ok: true, status: 200, toast: { title: "Cost settings saved" } };
  return data(answer);
};

/** One gateway's own rate, as typed. */
interface GatewayDraft {
  gateway: string;
  percent: string;
  fixed: string;
}

/** The form's text, as typed. */
interface Draft {
  costHistoryEnabled: boolean;
  paymentFeesEnabled: boolean;
  paymentFeePercent: string;
  paymentFeeFixed: string;
  gatewayFees: GatewayDraft[];
  shippingCostEnabled: boolean;
  shippingCost: string;
}

const dollars = (cents: number) => centsToDecimal(cents);
const draftOf = (settings: View): Draft => ({
  costHistoryEnabled: settings.costHistoryEnabled,
  paymentFeesEnabled: settings.paymentFeesEnabled,
  paymentFeePercent: String(settings.paymentFeePercent),
  paymentFeeFixed: dollars(settings.paymentFeeFixedCents),
  gatewayFees: settings.gatewayFees.map((fee) => ({
    gateway: fee.gateway,
    percent: String(fee.percent),
    fixed: dollars(fee.fixedCents),
  })),
  shippingCostEnabled: settings.shippingCostEnabled,
  shippingCost: dollars(settings.shippingCostCents),
});

/** A typed number, or the text itself so the server names the field that is not one. */
const number = (text: string): number | string => (/^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text);
/** Dollars typed with at most 2 decimals, as cents; anything else as typed. */
const cents = (text: string): number | string =>
  /^\s*\d+(\.\d{1,2})?\s*$/.test(text) ? Math.round(Number(text) * 100) : text;

/** Whether a gateway row has anything typed in it: a row left wholly empty is dropped, not refused. */
const filled = (row: GatewayDraft) => row.gateway.trim() !== "" || row.percent.trim() !== "" || row.fixed.trim() !== "";

/** The gateway rows as the API takes them. */
const gatewayFeesOf = (rows: GatewayDraft[]) =>
  rows
    .filter(filled)
    .map((row) => ({ gateway: row.gateway, percent: number(row.percent), fixedCents: cents(row.fixed) }));

export default function CostSettingsPage() {
  const { settings, currency } = useLoaderData<typeof loader>();
  const { demo } = useAdminLayout();
  const appBridge = useAppBridgePresent(demo);
  const save = useActionFetcher<CostsActionResult>("cost-settings-save");
  const saved = draftOf(settings);
  const savedKey = JSON.stringify(saved);
  const [draft, setDraft] = useState<Draft>(saved);
  const [startedFrom, setStartedFrom] = useState(savedKey);
  if (startedFrom !== savedKey) {
    // a save (or another tab) changed what is stored: start again from it
    setStartedFrom(savedKey);
    setDraft(saved);
  }
  const dirty = JSON.stringify(draft) !== savedKey;
  const saving = save.state !== "idle";
  const error = save.state === "idle" && save.data && !save.data.ok ? save.data.value : null;
  const errorFor = (field: string) =>
    error?.field === field && error.message ? error.message[0].toUpperCase() + error.message.slice(1) : undefined;
  const set =
    <Key extends keyof Draft>(key: Key) =>
    (value: Draft[Key]) =>
      setDraft({ ...draft, [key]: value });
  const setGateway = (index: number, key: keyof GatewayDraft) => (value: string) =>
    setDraft({
      ...draft,
      gatewayFees: draft.gatewayFees.map((row, at) => (at === index ? { ...row, [key]: value } : row)),
    });
  // an error on a row names it by its place among the rows sent (empty rows are not sent)
  const sentIndex = (index: number) => draft.gatewayFees.slice(0, index).filter(filled).length;
  const gatewayError = (index: number, field: string) => errorFor(`gatewayFees.${sentIndex(index)}.${field}`);
  const submit = () =>
    save.submit(
      {
        costHistoryEnabled: draft.costHistoryEnabled,
        paymentFeesEnabled: draft.paymentFeesEnabled,
        paymentFeePercent: number(draft.paymentFeePercent),
        paymentFeeFixedCents: cents(draft.paymentFeeFixed),
        gatewayFees: gatewayFeesOf(draft.gatewayFees),
        shippingCostEnabled: draft.shippingCostEnabled,
        shippingCostCents: cents(draft.shippingCost),
      },
      { method: "post", encType: "application/json" },
    );
  const prefix = currency === "USD" ? "$" : undefined;
  const suffix = currency === "USD" ? undefined : currency;

  return (
    <AdminPage title="Costs" description="What an order costs you, for the margin floor, the backtest and the ROI">
      <UnsavedChangesBar
        id="cost-settings-save-bar"
        open={dirty || saving}
        saving={saving}
        appBridge={appBridge}
        onSave={submit}
        onDiscard={() => setDraft(saved)}
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (dirty) submit();
        }}
      >
        <BlockStack gap="400">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                Unit costs
              </Text>
              <Checkbox
                label="Use the unit cost at the order's date"
                helpText="Each cost change Shopify reports is kept with its date, so a cost changed today leaves earlier orders' margins as they were. Off: every order uses today's cost."
                checked={draft.costHistoryEnabled}
                onChange={set("costHistoryEnabled")}
              />
            </BlockStack>
          </Card>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                Payment fees
              </Text>
              <Checkbox
                label="Count payment fees in the margin"
                helpText="An estimate: taken on what the customer paid. The default is Shopify Payments' online card rate on the Basic plan, 2.9% + 30¢ (USD); your rate depends on your plan, your country and the card."
                checked={draft.paymentFeesEnabled}
                onChange={set("paymentFeesEnabled")}
              />
              <FormLayout>
                <FormLayout.Group condensed>
                  <TextField
                    label="Fee percent"
                    type="text"
                    inputMode="decimal"
                    suffix="%"
                    autoComplete="off"
                    value={draft.paymentFeePercent}
                    onChange={set("paymentFeePercent")}
                    error={errorFor("paymentFeePercent")}
                    disabled={!draft.paymentFeesEnabled}
                  />
                  <TextField
                    label="Fixed fee per order"
                    type="text"
                    inputMode="decimal"
                    prefix={prefix}
                    suffix={suffix}
                    autoComplete="off"
                    value={draft.paymentFeeFixed}
                    onChange={set("paymentFeeFixed")}
                    error={errorFor("paymentFeeFixedCents")}
                    disabled={!draft.paymentFeesEnabled}
                  />
                </FormLayout.Group>
              </FormLayout>
              <BlockStack gap="200">
                <Text as="h3" variant="headingSm">
                  Rates by payment gateway
                </Text>
                <Text as="p" tone="subdued">
                  An order paid through a gateway listed here uses its rate; other gateways use the rate above. Name the
                  gateway as Shopify does on the order, for example shopify_payments or paypal.
                </Text>
                {draft.gatewayFees.map((row, index) => (
                  <div key={index} role="group" aria-label={`Gateway rate ${index + 1}`}>
                    <Box padding="300" borderWidth="025" borderColor="border" borderRadius="200">
                      <BlockStack gap="200">
                        <FormLayout>
                          <FormLayout.Group condensed>
                            <TextField
                              label="Gateway"
                              autoComplete="off"
                              value={row.gateway}
                              onChange={setGateway(index, "gateway")}
                              error={gatewayError(index, "gateway")}
                              disabled={!draft.paymentFeesEnabled}
                            />
                            <TextField
                              label="Percent"
                              type="text"
                              inputMode="decimal"
                              suffix="%"
                              autoComplete="off"
                              value={row.percent}
                              onChange={setGateway(index, "percent")}
                              error={gatewayError(index, "percent")}
                              disabled={!draft.paymentFeesEnabled}
                            />
                            <TextField
                              label="Fixed fee"
                              type="text"
                              inputMode="decimal"
                              prefix={prefix}
                              suffix={suffix}
                              autoComplete="off"
                              value={row.fixed}
                              onChange={setGateway(index, "fixed")}
                              error={gatewayError(index, "fixedCents")}
                              disabled={!draft.paymentFeesEnabled}
                            />
                          </FormLayout.Group>
                        </FormLayout>
                        <InlineStack>
                          <Button
                            variant="plain"
                            tone="critical"
                            disabled={!draft.paymentFeesEnabled}
                            accessibilityLabel={`Remove the rate for ${row.gateway.trim() || `gateway ${index + 1}`}`}
                            onClick={() =>
                              setDraft({ ...draft, gatewayFees: draft.gatewayFees.filter((_, at) => at !== index) })
                            }
                          >
                            Remove
                          </Button>
                        </InlineStack>
                      </BlockStack>
                    </Box>
                  </div>
                ))}
                {errorFor("gatewayFees") ? (
                  <InlineError fieldID="cost-gateway-fees" message={errorFor("gatewayFees")!} />
                ) : null}
                <InlineStack>
                  <Button
                    disabled={!draft.paymentFeesEnabled || draft.gatewayFees.length >= MAX_GATEWAYS}
                    onClick={() =>
                      setDraft({
                        ...draft,
                        gatewayFees: [...draft.gatewayFees, { gateway: "", percent: "", fixed: "" }],
                      })
                    }
                  >
                    Add a gateway rate
                  </Button>
                </InlineStack>
              </BlockStack>
            </BlockStack>
          </Card>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                Shipping
              </Text>
              <Checkbox
                label="Count a shipping cost per order"
                helpText="What a shipment costs you on average, counted on each order that ships. What the customer paid for shipping is not your cost, so it is never used."
                checked={draft.shippingCostEnabled}
                onChange={set("shippingCostEnabled")}
              />
              <FormLayout>
                <TextField
                  label="Shipping cost per order"
                  type="text"
                  inputMode="decimal"
                  prefix={prefix}
                  suffix={suffix}
                  autoComplete="off"
                  value={draft.shippingCost}
                  onChange={set("shippingCost")}
                  error={errorFor("shippingCostCents")}
                  disabled={!draft.shippingCostEnabled}
                />
              </FormLayout>
            </BlockStack>
          </Card>
          <Box paddingInline={{ xs: "400", sm: "0" }}>
            <Text as="p" tone="subdued">
              Margins say which parts were known, for example “fees estimated, shipping unknown”. Amounts are in your
              shop&apos;s currency ({currency}).
            </Text>
          </Box>
        </BlockStack>
      </form>
    </AdminPage>
  );
}
