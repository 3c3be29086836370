import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { withEmbeddedQuery } from "../components/admin-nav";
import { billingErrorPath } from "../domain/billing/billing-errors";
import { useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { BlockStack, Button, Card, InlineStack, Link, Spinner, Text } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { AdminPage } from "../components/AdminPage";
import { useToast } from "../components/Toasts";
import { planName } from "../domain/billing/plans";
import { requireAdmin } from "../services/shops/admin-context.server";
import { verifySubscription } from "../services/billing/verify.server";
import { rulesResumedSince } from "../services/rules/plan-limit.server";
import { logger } from "../logger.server";

export const meta: MetaFunction = () => [{ title: "Subscription · Margin Guardrail" }];

/** Polling (docs/product.md#billing: every 3 s, 10 attempts. */
const POLL_MS = 3000;
const MAX_ATTEMPTS = 10;

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const context = await requireAdmin(request, load);
  const url = new URL(request.url);
  let result;
  try {
    result = await verifySubscription(context, url.searchParams.get("charge_id"));
  } catch (error) {
    logger.error("Subscription verification failed", { shop: context.shop.domain, err: error });
    return { ok: false as const };
  }
  // a charge that ended unapproved has nothing to wait for: the error page says what happened
  if (result.failure) {
    throw redirect(withEmbeddedQuery(billingErrorPath(result.failure, undefined, context.shop.domain), url.search));
  }
  // the rules this plan change resumed (paused by a smaller plan), named
  const resumed = result.active ? await rulesResumedSince(context.shop.id, new Date(Date.now() - RESUMED_NEWS_MS)) : [];
  return { ok: true as const, ...result, resumed };
};

/** Rules resumed this long ago or less belong to the plan change this page confirms. */
const RESUMED_NEWS_MS = 60 * 60_000;

export default function BillingSuccess() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const toast = useToast();
  const [attempts, setAttempts] = useState(1);
  const announced = useRef(false);
  const active = data.ok && data.active && data.planType !== "free";
  // 'Try Again' and 'Check Again': the count of attempts starts over with a new check
  const startOver = () => {
    setAttempts(1);
    revalidator.revalidate();
  };
  // a verification that failed or timed out has its own billing error variant
  const verificationHelp = withEmbeddedQuery(billingErrorPath("verification_failed"), useLocation().search);
  const timedOut = !active && attempts >= MAX_ATTEMPTS;

  useEffect(() => {
    if (!data.ok || active || timedOut) return;
    const timer = setTimeout(() => {
      setAttempts((count) => count + 1);
      revalidator.revalidate();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [data, active, timedOut, attempts]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (active && !announced.current) {
      announced.current = true;
      toast({ title: "Plan Updated", description: `Your ${planName(data.planType)} plan is active.` });
    }
    if (timedOut) {
      toast({
        title: "Verification Timeout",
        description: "Subscription verification is taking longer than expected. Please refresh the page.",
        error: true,
      });
    }
  }, [active, timedOut]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <AdminPage title="Subscription" description="Confirming your plan with Shopify">
      <Card>
        {!data.ok ? (
          <BlockStack gap="300" inlineAlign="start">
            <Text as="h2" variant="headingLg">
              Verification Error
            </Text>
            <Text as="p">Unable to verify your subscription status. Please try again.</Text>
            <InlineStack gap="300" blockAlign="center">
              <Button onClick={startOver}>Try Again</Button>
              <Link url={verificationHelp}>What can I do?</Link>
            </InlineStack>
          </BlockStack>
        ) : active ? (
          <BlockStack gap="300" inlineAlign="start">
            <Text as="h2" variant="headingLg">
              {`Welcome to ${planName(data.planType)}`}
            </Text>
            <Text as="p">
              Your subscription is active. Alerts, the ROI dashboard and your new rule limit are ready.
            </Text>
            {data.ok && data.resumed.length > 0 ? (
              <Text as="p">{`Resumed, with room in your new plan: ${data.resumed.join(", ")}.`}</Text>
            ) : null}
            <Button url="/dashboard" variant="primary">
              Go to Dashboard
            </Button>
          </BlockStack>
        ) : (
          <BlockStack gap="300" inlineAlign="start">
            <InlineStack gap="200" blockAlign="center">
              {timedOut ? null : <Spinner size="small" accessibilityLabel="Verifying" />}
              <Text as="h2" variant="headingLg">
                {timedOut ? "Still waiting for Shopify" : "Verifying your subscription..."}
              </Text>
            </InlineStack>
            <Text as="p" tone="subdued">{`Attempt ${attempts} of ${MAX_ATTEMPTS}`}</Text>
            <InlineStack gap="300" blockAlign="center">
              <Button onClick={startOver}>Check Again</Button>
              {timedOut ? <Link url={verificationHelp}>What can I do?</Link> : null}
            </InlineStack>
          </BlockStack>
        )}
      </Card>
    </AdminPage>
  );
}
