import { Badge, Banner, BlockStack, Button, FormLayout, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { formatShopDateTime } from "../../domain/dates";
import { NamedCard } from "../../components/NamedCard";
import { useActionFetcher } from "../../components/useActionFetcher";
import { BlockingFields } from "../../components/BlockingFields";
import type { IntegrationActionResult } from "./actions.server";
import { SAVE_FIRST, useIntegrationSettings } from "./SettingsForm";
import { deployNote } from "../../domain/checkout/deploy-note";
import { dollarsToCents, formatCents } from "../../domain/money";

/** Test's cart: off $100, a discount in dollars is its percent. */
const TEST_CART_DOLLARS = 100;

export interface FunctionStatus {
  thresholdPercent: number;
  deployed: boolean;
  enabled: boolean;
  deployedAt: string | null;
  inStep: boolean;
}

export interface ShadowFigures {
  total: number;
  overLimitCents: number;
}

function DeploymentStatus({ status, timeZone }: { status: FunctionStatus; timeZone: string }) {
  if (!status.deployed) {
    return (
      <div role="group" aria-label="Deployment status">
        <InlineStack gap="200" blockAlign="center">
          <Badge tone="attention">Not deployed</Badge>
          <Text as="span" tone="subdued">
            Not blocking yet: the checkouts it would stop are counted.
          </Text>
        </InlineStack>
      </div>
    );
  }
  return (
    <div role="group" aria-label="Deployment status">
      <InlineStack gap="200" blockAlign="center" wrap>
        <Badge tone={status.enabled ? "success" : "attention"}>
          {status.enabled ? "Deployed" : "Deployed, turned off in Shopify"}
        </Badge>
        {status.deployedAt ? <Text as="span">since {formatShopDateTime(status.deployedAt, { timeZone })}</Text> : null}
        <Badge tone={status.inStep ? "success" : "critical"}>
          {status.inStep ? "Shopify has your settings" : "Shopify has older settings: deploy again"}
        </Badge>
      </InlineStack>
    </div>
  );
}

function ShadowCount({ shadow, status }: { shadow: ShadowFigures; status: FunctionStatus }) {
  const checkouts = `${shadow.total} checkout${shadow.total === 1 ? "" : "s"}`;
  const text = status.enabled
    ? `Before blocking was on, ${checkouts} in the last 30 days would have been blocked.`
    : `${checkouts} in the last 30 days would have been blocked with these settings.`;
  return (
    <Text as="p" tone={shadow.total > 0 ? undefined : "subdued"}>
      <span data-testid="shadow-count">{text}</span>
    </Text>
  );
}

/**
 * The checkout Function's card: its threshold (a field of the page's settings form, saved by
 * its save bar), a test with a $100 cart and a discount 5 points above the typed threshold
 * (Test), and Deploy of the saved configuration, with the deployment status and shadow mode's
 * count beside it (docs/product.md#integration-center).
 */
export function FunctionCard({
  status,
  shadow,
  plusEnabled,
  demo,
  timeZone,
}: {
  status: FunctionStatus;
  shadow: ShadowFigures;
  plusEnabled: boolean;
  demo: boolean;
  /** the shop's zone, from the loader, so server and browser write the same time */
  timeZone: string;
}) {
  const [testDiscount, setTestDiscount] = useState("");
  // the discount the last Test tried, for its answer's title
  const [triedDiscount, setTriedDiscount] = useState("");
  const { fields, dirty } = useIntegrationSettings();
  const deploy = useActionFetcher<IntegrationActionResult>("function-deploy");
  const test = useActionFetcher<IntegrationActionResult>("function-test");
  const thresholdPercent = fields.thresholdPercent;
  const threshold = thresholdPercent.value;
  const tested = test.state === "idle" && test.data?.ok ? test.data.value : undefined;
  // off a $100 cart, dollars are percent: 5 points above the typed threshold, or none while it is not a number
  const percent = Number(threshold);
  const fiveAbove = threshold.trim() !== "" && Number.isFinite(percent) ? percent + 5 : null;
  const runTest = () => {
    const discount = testDiscount.trim() === "" ? (fiveAbove === null ? threshold : String(fiveAbove)) : testDiscount;
    setTriedDiscount(discount);
    test.submit(
      { intent: "testFunction", subtotal: String(TEST_CART_DOLLARS), discount, thresholdPercent: threshold },
      { method: "post" },
    );
  };
  const testCart = formatCents(dollarsToCents(TEST_CART_DOLLARS));
  const triedAmount = Number(triedDiscount);
  const testedTitle = (blocked: boolean) =>
    `${Number.isFinite(triedAmount) ? formatCents(dollarsToCents(triedAmount)) : triedDiscount} off a ${testCart} cart: ${
      blocked ? "blocked" : "allowed"
    }`;
  return (
    <NamedCard name="Checkout blocking">
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Checkout blocking
        </Text>
        <Text as="p">
          A checkout whose discounts take more than this share of the cart is stopped before it is paid for, with your
          customer message. Shopify runs the check as a checkout rule.
        </Text>
        <FormLayout>
          <TextField
            label="Largest discount allowed"
            type="number"
            suffix="%"
            min={0}
            max={100}
            helpText="As a percent of the cart before discounts, from 0 to 100."
            {...thresholdPercent.textField}
          />
          {/* no name: the test's own input, not a setting the page saves */}
          <TextField
            label="Discount to test"
            type="number"
            prefix="$"
            min={0}
            autoComplete="off"
            helpText={
              fiveAbove === null
                ? `Taken off a ${testCart} cart by Test.`
                : `Taken off a ${testCart} cart by Test. Left empty, Test tries ${formatCents(
                    dollarsToCents(fiveAbove),
                  )}: 5 points above your limit.`
            }
            value={testDiscount}
            onChange={setTestDiscount}
          />
          <InlineStack gap="300" blockAlign="center">
            <Button onClick={runTest} loading={test.state !== "idle"}>
              Test
            </Button>
            <Button
              variant="primary"
              disabled={!plusEnabled || dirty}
              loading={deploy.state !== "idle"}
              onClick={() => deploy.submit({ intent: "deploy" }, { method: "post" })}
            >
              Deploy
            </Button>
          </InlineStack>
          {plusEnabled && dirty ? (
            <Text as="p" tone="subdued">
              {SAVE_FIRST}
            </Text>
          ) : null}
        </FormLayout>
        {tested ? (
          <Banner tone={tested.blocked ? "warning" : "success"} title={testedTitle(tested.blocked)}>
            <p>{tested.blocked ? `Your customer sees: “${tested.message}”` : tested.message}</p>
          </Banner>
        ) : null}
        <DeploymentStatus status={status} timeZone={timeZone} />
        <ShadowCount shadow={shadow} status={status} />
        <Text as="p" tone="subdued">
          {deployNote({ plusEnabled, demo, deployed: status.deployed })}
        </Text>
      </BlockStack>
    </NamedCard>
  );
}

/** The "Shopify Plus Features" card: blocking's switches, shared with the Rules page, in the page's settings form. */
export function PlusFeaturesCard({ plusEnabled }: { plusEnabled: boolean }) {
  const { fields } = useIntegrationSettings();
  const { instantBlocking, staffOverride, customerMessage } = fields;
  return (
    <NamedCard name="Shopify Plus Features">
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Shopify Plus Features
          </Text>
          {plusEnabled ? <Badge tone="success">Available on Plus</Badge> : <Badge tone="info">Coming Soon</Badge>}
        </InlineStack>
        <Text as="p">
          How blocking behaves at checkout. These are also the Rules page&apos;s blocking settings; saving updates a
          deployed checkout rule.
        </Text>
        <FormLayout>
          <BlockingFields fields={{ instantBlocking, staffOverride, customerMessage }} />
        </FormLayout>
      </BlockStack>
    </NamedCard>
  );
}
