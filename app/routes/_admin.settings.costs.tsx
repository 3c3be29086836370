import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
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
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { useMemo } from "react";
import { checkedIf, useField } from "../components/form-fields";
import { useSaveBarForm } from "../components/useSaveBarForm";
import { costSettingsFormSchema, costSettingsInputOf } from "../forms/costs";
import { formIntent, pageAction, saved } from "../http/page-action.server";
import { AdminPage } from "../components/AdminPage";
import { useActionFetcher } from "../components/useActionFetcher";
import type { PageActionResult } from "../forms/page-action";
import { MAX_GATEWAYS, costSettingsView } from "../domain/costs/costs";
import { centsToDecimal } from "../domain/money";
import { loadCostSettings, saveCostSettings } from "../services/costs/settings.server";
import { requireAdmin } from "../services/shops/admin-context.server";

export const meta: MetaFunction = () => [{ title: "Costs · Settings · Margin Guardrail" }];

type View = ReturnType<typeof costSettingsView>;

/** /settings/costs: the cost model's settings (docs/product.md#costs). */
export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop } = await requireAdmin(request, load);
  return { settings: costSettingsView(await loadCostSettings(shop.id)), currency: shop.currency };
};

/** Saves the page's form with the API's rules: a bad field is named under it, and nothing is saved. */
const costsAction = () =>
  pageAction<{ shopId: string }>(
    {
      save: formIntent(
        costSettingsFormSchema,
        { success: "Cost settings saved", failure: "Not saved", invalid: "Check the highlighted field." },
        async (value, { shopId }) => saved(await saveCostSettings(shopId, costSettingsInputOf(value))),
      ),
    },
    "Not saved",
  );

export const action = async ({ request }: ActionFunctionArgs) =>
  costsAction()(request, { shopId: (await requireAdmin(request)).shop.id });

/** The form's starting text for the stored settings. */
const formValuesOf = (settings: View) => ({
  costHistoryEnabled: checkedIf(settings.costHistoryEnabled),
  paymentFeesEnabled: checkedIf(settings.paymentFeesEnabled),
  paymentFeePercent: String(settings.paymentFeePercent),
  paymentFeeFixed: centsToDecimal(settings.paymentFeeFixedCents),
  gatewayFees: settings.gatewayFees.map((fee) => ({
    gateway: fee.gateway,
    percent: String(fee.percent),
    fixed: centsToDecimal(fee.fixedCents),
  })),
  shippingCostEnabled: checkedIf(settings.shippingCostEnabled),
  shippingCost: centsToDecimal(settings.shippingCostCents),
});

/** A gateway's own rate, as typed. */
type GatewayText = { gateway: string; percent: string; fixed: string };

/** A field's message as a sentence: "Must be at most 20". */
const sentence = (message: string | undefined) => (message ? message[0].toUpperCase() + message.slice(1) : undefined);

export default function CostSettingsPage() {
  const { settings, currency } = useLoaderData<typeof loader>();
  const save = useActionFetcher<PageActionResult>("cost-settings-save");
  const initial = useMemo(() => formValuesOf(settings), [settings]);
  const { form, fields, saveBar } = useSaveBarForm({
    name: "cost-settings",
    schema: costSettingsFormSchema,
    fetcher: save,
    shouldValidate: "onSubmit",
    initial: initial,
  });
  const costHistoryEnabled = useField(fields.costHistoryEnabled);
  const paymentFeesEnabled = useField(fields.paymentFeesEnabled);
  const paymentFeePercent = useField(fields.paymentFeePercent);
  const paymentFeeFixed = useField(fields.paymentFeeFixed);
  const shippingCostEnabled = useField(fields.shippingCostEnabled);
  const shippingCost = useField(fields.shippingCost);
  // a switched-off part's fields are greyed out (disabled, so not posted): a hidden copy posts what was typed
  const feesOn = paymentFeesEnabled.checkbox.checked;
  // the rows' fields as typed (the schema reads them through a filter that drops empty rows)
  const gatewayFees = fields.gatewayFees as unknown as FieldMetadata<GatewayText[], Record<string, unknown>, string[]>;
  const rows = gatewayFees.getFieldList();
  const prefix = currency === "USD" ? "$" : undefined;
  const suffix = currency === "USD" ? undefined : currency;
  const money = { type: "text" as const, inputMode: "decimal" as const, prefix, suffix };
  const listError = sentence(fields.gatewayFees.errors?.[0]);

  return (
    <AdminPage title="Costs" description="What an order costs you, for the margin floor, the backtest and the ROI">
      {saveBar("cost-settings-save-bar", form.dirty)}
      <save.Form method="post" {...getFormProps(form)} key={form.id}>
        <input type="hidden" name="intent" value="save" />
        <BlockStack gap="400">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                Unit costs
              </Text>
              <Checkbox
                label="Use the unit cost at the order's date"
                helpText="Each cost change Shopify reports is kept with its date, so a cost changed today leaves earlier orders' margins as they were. Off: every order uses today's cost."
                {...costHistoryEnabled.checkbox}
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
                {...paymentFeesEnabled.checkbox}
              />
              <FormLayout>
                <FormLayout.Group condensed>
                  <TextField
                    label="Fee percent"
                    type="text"
                    inputMode="decimal"
                    suffix="%"
                    {...paymentFeePercent.textField}
                    error={sentence(paymentFeePercent.textField.error)}
                    disabled={!feesOn}
                  />
                  {feesOn ? null : <input {...paymentFeePercent.hidden} />}
                  <TextField
                    label="Fixed fee per order"
                    {...money}
                    {...paymentFeeFixed.textField}
                    error={sentence(paymentFeeFixed.textField.error)}
                    disabled={!feesOn}
                  />
                  {feesOn ? null : <input {...paymentFeeFixed.hidden} />}
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
                {rows.map((row, index) => (
                  <GatewayRow
                    key={row.key}
                    row={row}
                    index={index}
                    money={money}
                    disabled={!feesOn}
                    onRemove={() => form.remove({ name: gatewayFees.name, index })}
                  />
                ))}
                {listError ? <InlineError fieldID="cost-gateway-fees" message={listError} /> : null}
                <InlineStack>
                  <Button
                    disabled={!feesOn || rows.length >= MAX_GATEWAYS}
                    onClick={() =>
                      form.insert({
                        name: gatewayFees.name,
                        defaultValue: { gateway: "", percent: "", fixed: "" },
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
                {...shippingCostEnabled.checkbox}
              />
              <FormLayout>
                <TextField
                  label="Shipping cost per order"
                  {...money}
                  {...shippingCost.textField}
                  error={sentence(shippingCost.textField.error)}
                  disabled={!shippingCostEnabled.checkbox.checked}
                />
                {shippingCostEnabled.checkbox.checked ? null : <input {...shippingCost.hidden} />}
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
      </save.Form>
    </AdminPage>
  );
}

/** One gateway's own rate: its three fields bound to the form, and Remove. */
function GatewayRow({
  row,
  index,
  money,
  disabled,
  onRemove,
}: {
  row: FieldMetadata<GatewayText, Record<string, unknown>, string[]>;
  index: number;
  money: { type: "text"; inputMode: "decimal"; prefix?: string; suffix?: string };
  disabled: boolean;
  onRemove: () => void;
}) {
  const cells = row.getFieldset();
  const gateway = useField(cells.gateway);
  const percent = useField(cells.percent);
  const fixed = useField(cells.fixed);
  return (
    <div role="group" aria-label={`Gateway rate ${index + 1}`}>
      <Box padding="300" borderWidth="025" borderColor="border" borderRadius="200">
        <BlockStack gap="200">
          <FormLayout>
            <FormLayout.Group condensed>
              <TextField
                label="Gateway"
                {...gateway.textField}
                error={sentence(gateway.textField.error)}
                disabled={disabled}
              />
              <TextField
                label="Percent"
                type="text"
                inputMode="decimal"
                suffix="%"
                {...percent.textField}
                error={sentence(percent.textField.error)}
                disabled={disabled}
              />
              <TextField
                label="Fixed fee"
                {...money}
                {...fixed.textField}
                error={sentence(fixed.textField.error)}
                disabled={disabled}
              />
            </FormLayout.Group>
          </FormLayout>
          {disabled ? (
            <>
              <input {...gateway.hidden} />
              <input {...percent.hidden} />
              <input {...fixed.hidden} />
            </>
          ) : null}
          <InlineStack>
            <Button
              variant="plain"
              tone="critical"
              disabled={disabled}
              accessibilityLabel={`Remove the rate for ${gateway.value.trim() || `gateway ${index + 1}`}`}
              onClick={onRemove}
            >
              Remove
            </Button>
          </InlineStack>
        </BlockStack>
      </Box>
    </div>
  );
}
