import { getFormProps } from "@conform-to/react";
import {
  BlockStack,
  Button,
  Checkbox,
  Divider,
  FormLayout,
  InlineStack,
  Link,
  List,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import type { PageActionResult } from "../../forms/page-action";
import { planFormSchema } from "../../forms/preflight";
import { formatCents, formatPercent } from "../../domain/money";
import type { DiscountCheck } from "../../services/preflight/check.server";
import { useActionFetcher } from "../useActionFetcher";
import { useFetcherForm } from "../useFetcherForm";
import { useField } from "../form-fields";
import { HygieneFindings } from "./HygieneFindings";
import { PreflightSection } from "./PreflightSection";

const CLASS_OPTIONS = [
  { label: "Products", value: "PRODUCT" },
  { label: "Order", value: "ORDER" },
  { label: "Shipping (free shipping)", value: "SHIPPING" },
];
const VALUE_OPTIONS = [
  { label: "Percentage", value: "percentage" },
  { label: "Fixed amount", value: "amount" },
];

/** What the check found for a planned promotion: its worst stack, depth, margin, and hygiene. */
export function CheckResult({ check }: { check: DiscountCheck }) {
  const worst = check.worst;
  return (
    <BlockStack gap="300">
      {worst ? (
        <>
          <Text as="p" variant="headingMd">
            Worst stack: {formatPercent(worst.percent)} off ({formatCents(worst.discountCents, worst.currency)}) on cart{" "}
            {worst.orderName}
          </Text>
          <Text as="p">
            {worst.depth} {worst.depth === 1 ? "discount" : "discounts"} deep
            {worst.marginPercent === null
              ? "; margin not known (no unit cost for its items)"
              : `; ${formatPercent(worst.marginPercent)} margin left on the cart`}
          </Text>
          <List>
            {worst.stack.map((part) => (
              <List.Item key={part.id}>
                {part.adminUrl ? (
                  <Link url={part.adminUrl} target="_blank">
                    {part.label}
                  </Link>
                ) : (
                  part.label
                )}{" "}
                · {formatCents(part.amountCents, worst.currency)}
              </List.Item>
            ))}
          </List>
          {worst.rulesBroken.length > 0 ? (
            <Text as="p" tone="critical">
              Breaks {worst.rulesBroken.map((broken) => broken.rule).join(", ")}
            </Text>
          ) : null}
        </>
      ) : (
        <Text as="p">
          No cart of the last {check.days} days reaches it ({check.cartsScanned} carts, {check.stackableCount} discounts
          it can stack with).
        </Text>
      )}
      <Divider />
      <Text as="h3" variant="headingSm">
        Hygiene
      </Text>
      <HygieneFindings findings={check.hygiene} empty="Nothing to flag in its settings." />
    </BlockStack>
  );
}

/**
 * "Plan a promotion" (docs/product.md#checking-one-discount): a code or automatic discount described
 * as it would be created in Shopify, checked against the live and scheduled discounts before it exists.
 */
export function PlanPromotion() {
  const fetcher = useActionFetcher<PageActionResult<DiscountCheck>>("preflight-plan");
  const [form, fields] = useFetcherForm({
    id: "preflight-plan",
    schema: planFormSchema,
    fetcher,
    shouldValidate: "onSubmit",
    defaultValue: { discountClass: "ORDER", valueType: "percentage" },
  });
  const title = useField(fields.title);
  const code = useField(fields.code);
  const discountClass = useField(fields.discountClass);
  const valueType = useField(fields.valueType);
  const value = useField(fields.value);
  const combinesProduct = useField(fields.combinesProduct);
  const combinesOrder = useField(fields.combinesOrder);
  const combinesShipping = useField(fields.combinesShipping);
  const startsOn = useField(fields.startsOn);
  const endsOn = useField(fields.endsOn);
  const minimumSubtotal = useField(fields.minimumSubtotal);
  const minimumQuantity = useField(fields.minimumQuantity);
  const shipping = discountClass.value === "SHIPPING";
  const check = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data.value : undefined;

  return (
    <PreflightSection
      id="preflight-plan"
      title="Plan a promotion"
      description="Describe a discount before you create it in Shopify: see the worst stack it would reach with your live and scheduled discounts on your recent carts."
    >
      <fetcher.Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="plan" />
        <FormLayout>
          <FormLayout.Group>
            <TextField label="Title" {...title.textField} />
            <TextField label="Code" helpText="Leave empty for an automatic discount" {...code.textField} />
          </FormLayout.Group>
          <FormLayout.Group>
            <Select label="Discounts" options={CLASS_OPTIONS} {...discountClass.select} />
            {shipping ? null : <Select label="Value type" options={VALUE_OPTIONS} {...valueType.select} />}
            {shipping ? null : (
              <TextField
                label="Value"
                inputMode="decimal"
                suffix={valueType.value === "amount" ? undefined : "%"}
                {...value.textField}
              />
            )}
          </FormLayout.Group>
          <BlockStack gap="100">
            <Text as="p">Combines with</Text>
            <InlineStack gap="400" wrap>
              <Checkbox label="Product discounts" {...combinesProduct.checkbox} />
              <Checkbox label="Order discounts" {...combinesOrder.checkbox} />
              <Checkbox label="Shipping discounts" {...combinesShipping.checkbox} />
            </InlineStack>
          </BlockStack>
          <FormLayout.Group>
            <TextField label="Starts" type="date" helpText="Empty: now" {...startsOn.textField} />
            <TextField label="Ends" type="date" helpText="Empty: no end date" {...endsOn.textField} />
          </FormLayout.Group>
          <FormLayout.Group>
            <TextField label="Minimum subtotal" inputMode="decimal" {...minimumSubtotal.textField} />
            <TextField label="Minimum quantity" inputMode="numeric" {...minimumQuantity.textField} />
          </FormLayout.Group>
          <Button submit variant="primary" loading={fetcher.state !== "idle"}>
            Check this promotion
          </Button>
        </FormLayout>
      </fetcher.Form>
      {check ? <CheckResult check={check} /> : null}
    </PreflightSection>
  );
}
