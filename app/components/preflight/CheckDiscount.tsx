import { getFormProps } from "@conform-to/react";
import { Button, FormLayout, Select, Text } from "@shopify/polaris";
import type { PageActionResult } from "../../forms/page-action";
import { checkFormSchema } from "../../forms/preflight";
import type { DiscountCheck } from "../../services/preflight/check.server";
import { useActionFetcher } from "../useActionFetcher";
import { useFetcherForm } from "../useFetcherForm";
import { useField } from "../form-fields";
import { CheckResult } from "./PlanPromotion";
import { PreflightSection } from "./PreflightSection";

/**
 * "Check a discount" (docs/product.md#checking-one-discount): one of the shop's live or scheduled
 * discounts checked here as the "Check stacking risk" action checks it on the discount's page in
 * Shopify, through the same check. The choices are the discounts the app keeps; none before the
 * first preflight run.
 */
export function CheckDiscount({ choices }: { choices: { id: string; label: string }[] }) {
  const fetcher = useActionFetcher<PageActionResult<DiscountCheck>>("preflight-check");
  const [form, fields] = useFetcherForm({
    id: "preflight-check",
    schema: checkFormSchema,
    fetcher,
    shouldValidate: "onSubmit",
    defaultValue: { discountId: choices[0]?.id ?? "" },
  });
  const discountId = useField(fields.discountId);
  const check = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data.value : undefined;
  return (
    <PreflightSection
      id="preflight-check"
      title="Check a discount"
      description="The worst stack one of your discounts reaches with the others on your recent carts. In Shopify, a discount's page shows the same under More actions, Check stacking risk."
    >
      {choices.length === 0 ? (
        <Text as="p">Run the preflight once to list your live and scheduled discounts here.</Text>
      ) : (
        <fetcher.Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="check" />
          <FormLayout>
            <Select
              label="Discount"
              options={choices.map((choice) => ({ label: choice.label, value: choice.id }))}
              {...discountId.select}
            />
            <Button submit variant="primary" loading={fetcher.state !== "idle"}>
              Check stacking risk
            </Button>
          </FormLayout>
        </fetcher.Form>
      )}
      {check ? <CheckResult check={check} /> : null}
    </PreflightSection>
  );
}
