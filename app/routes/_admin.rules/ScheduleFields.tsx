import { BlockStack, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import type { Field } from "../../components/form-fields";
import { RULE_STATUS_LABELS, type RuleStatus } from "../../domain/rules/rule-schedule";

/**
 * A rule's status and schedule in its dialog (docs/product.md#rules,
 * docs/product.md#status-and-schedule): Active or Testing (Inactive too for a rule
 * that is off), and an optional start and end in the shop's time zone.
 */
export function ScheduleFields({
  status,
  startsAt,
  endsAt,
  timeZone,
  initialStatus,
}: {
  status: Field;
  startsAt: Field;
  endsAt: Field;
  timeZone: string;
  /** the rule's status when the dialog opened: Inactive is offered only to a rule that is off */
  initialStatus?: RuleStatus;
}) {
  const options: RuleStatus[] =
    initialStatus === "inactive" ? ["active", "testing", "inactive"] : ["active", "testing"];
  const testing = status.value === "testing";
  return (
    <BlockStack gap="200">
      <FormLayout>
        <Select
          label="Status"
          {...status.select}
          options={options.map((value) => ({ value, label: RULE_STATUS_LABELS[value] }))}
          helpText={
            testing
              ? "Testing: breaches are recorded in the Audit Log as would-have events. Nobody is alerted and orders are not touched."
              : undefined
          }
        />
        <FormLayout.Group>
          <TextField
            label="Starts (optional)"
            type="datetime-local"
            {...startsAt.textField}
            helpText={`In the shop's time zone (${timeZone}). Empty: in force from now.`}
          />
          <TextField
            label="Ends (optional)"
            type="datetime-local"
            {...endsAt.textField}
            helpText="The rule reverts by itself at this time; what it caught stays."
          />
        </FormLayout.Group>
      </FormLayout>
      <Text as="p" variant="bodySm" tone="subdued">
        Outside its dates the rule checks nothing. Testing and scheduled rules count toward your plan&apos;s rule limit
        while they are switched on.
      </Text>
    </BlockStack>
  );
}
