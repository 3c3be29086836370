import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, Banner, BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { AdminPage } from "../components/AdminPage";
import { PLANS } from "../domain/plans";
import { RULE_TYPE_LABELS, formatThreshold, ruleStatusLabel } from "../domain/rule-display";
import prisma from "../db.server";
import { requireAdmin } from "../services/admin-context.server";

export const meta: MetaFunction = () => [{ title: "Rules · Margin Guardrail" }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { shop, plan } = await requireAdmin(request);
  const rules = await prisma.rule.findMany({
    where: { shopId: shop.id },
    orderBy: [{ priority: "desc" }, { createdAt: "asc" }],
  });
  const activeCount = rules.filter((rule) => rule.isActive).length;
  const limit = PLANS[plan].ruleLimit;
  return {
    plan,
    limitReached: plan === "free" && limit !== null && activeCount >= limit,
    rules: rules.map((rule) => ({
      id: rule.id,
      name: rule.name,
      description: rule.description,
      typeLabel: RULE_TYPE_LABELS[rule.ruleType] ?? rule.ruleType,
      threshold: formatThreshold(rule),
      status: ruleStatusLabel(rule),
    })),
  };
};

export default function Rules() {
  const { rules, limitReached } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Rules" description="Discount thresholds and margin protection for every order">
      <Card>
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h2" variant="headingLg">
              Rule Builder
            </Text>
            <Text as="p" tone="subdued">
              Configure discount thresholds and margin protection
            </Text>
          </BlockStack>
          {limitReached ? (
            <Banner tone="warning">
              You&apos;ve reached your 2-rule limit. Upgrade to Core for 10 rules.
            </Banner>
          ) : null}
          <Text as="h3" variant="headingMd">
            Basic Rules
          </Text>
          {rules.length === 0 ? (
            <Text as="p" tone="subdued">
              No rules configured yet. Click &quot;Add Rule&quot; to get started.
            </Text>
          ) : (
            <BlockStack gap="300" as="ul">
              {rules.map((rule) => (
                <Card key={rule.id} background="bg-surface-secondary">
                  <InlineStack align="space-between" blockAlign="center">
                    <BlockStack gap="100">
                      <Text as="h4" variant="headingSm">
                        {rule.name}
                      </Text>
                      <Text as="p" tone="subdued">
                        {rule.description || "No description"}
                      </Text>
                      <Text as="p">
                        {rule.typeLabel} · {rule.threshold}
                      </Text>
                    </BlockStack>
                    <Badge
                      tone={
                        rule.status === "Inactive" ? undefined : rule.status === "Block" ? "critical" : "success"
                      }
                    >
                      {rule.status}
                    </Badge>
                  </InlineStack>
                </Card>
              ))}
            </BlockStack>
          )}
        </BlockStack>
      </Card>
    </AdminPage>
  );
}
