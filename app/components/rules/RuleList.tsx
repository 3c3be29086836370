import { Badge, BlockStack, Box, Button, Checkbox, InlineStack, Modal, Text } from "@shopify/polaris";
import { useCallback, useState } from "react";
import type { RuleListItem } from "../../services/rules-view";
import { useRulesFetcher } from "./useRulesFetcher";

const STATUS_TONES: Record<string, "success" | "critical" | undefined> = { Alert: "success", Block: "critical", Inactive: undefined };

function ActiveToggle({ rule }: { rule: RuleListItem }) {
  const fetcher = useRulesFetcher(`toggle-${rule.id}`);
  const pending = fetcher.formData ? fetcher.formData.get("isActive") === "true" : rule.isActive;
  return (
    <Checkbox
      label="Active"
      checked={pending}
      disabled={fetcher.state !== "idle"}
      onChange={(checked) =>
        fetcher.submit({ intent: "toggle", id: rule.id, isActive: String(checked) }, { method: "post" })
      }
    />
  );
}

function DeleteButton({ rule }: { rule: RuleListItem }) {
  const [confirming, setConfirming] = useState(false);
  const close = useCallback(() => setConfirming(false), []);
  const fetcher = useRulesFetcher(`delete-${rule.id}`, close);
  return (
    <>
      <Button tone="critical" variant="tertiary" onClick={() => setConfirming(true)} accessibilityLabel={`Delete ${rule.name}`}>
        Delete
      </Button>
      <Modal
        open={confirming}
        onClose={close}
        title="Delete rule"
        primaryAction={{
          content: "Delete",
          destructive: true,
          loading: fetcher.state !== "idle",
          onAction: () =>
            fetcher.submit(
              { intent: rule.collectionRule ? "deleteCollectionRule" : "delete", id: rule.id },
              { method: "post" },
            ),
        }}
        secondaryActions={[{ content: "Cancel", onAction: close }]}
      >
        <Modal.Section>
          <Text as="p">Are you sure you want to delete this rule?</Text>
        </Modal.Section>
      </Modal>
    </>
  );
}

/** The Basic Rules list: ordinary and collection rules (seed-spec sections 2 and 4). */
export function RuleList({ rules, onEdit }: { rules: RuleListItem[]; onEdit: (rule: RuleListItem) => void }) {
  if (rules.length === 0) {
    return (
      <Text as="p" tone="subdued">
        No rules configured yet. Click &quot;Add Rule&quot; to get started.
      </Text>
    );
  }
  return (
    <BlockStack gap="300" as="ul">
      {rules.map((rule) => (
        <Box as="li" key={rule.id} padding="400" background="bg-surface-secondary" borderRadius="300">
          <section aria-label={rule.name}>
            <InlineStack align="space-between" blockAlign="center" gap="400">
              <BlockStack gap="100">
                <InlineStack gap="200" blockAlign="center">
                  <Text as="h4" variant="headingSm">
                    {rule.name}
                  </Text>
                  <Badge tone={STATUS_TONES[rule.status]}>{rule.status}</Badge>
                </InlineStack>
                <Text as="p" tone="subdued">
                  {rule.description || "No description"}
                </Text>
                <Text as="p">
                  {rule.typeLabel} · {rule.threshold}
                </Text>
              </BlockStack>
              <InlineStack gap="300" blockAlign="center">
                {rule.collectionRule ? null : <ActiveToggle rule={rule} />}
                {rule.collectionRule ? null : (
                  <Button onClick={() => onEdit(rule)} accessibilityLabel={`Edit ${rule.name}`}>
                    Edit
                  </Button>
                )}
                <DeleteButton rule={rule} />
              </InlineStack>
            </InlineStack>
          </section>
        </Box>
      ))}
    </BlockStack>
  );
}
