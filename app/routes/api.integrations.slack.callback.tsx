import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { ScreenCard } from "../components/ScreenCard";
import { StandaloneProvider } from "../components/StandaloneProvider";
import { SLACK_OUTCOMES } from "../services/alerts/slack-oauth";
import { completeSlackInstall, slackReturnUrl } from "../services/alerts/slack-oauth.server";

export const meta: MetaFunction = () => [{ title: "Slack · Margin Guardrail" }];

/**
 * GET /api/integrations/slack/callback?code=&state= (or ?error=&state=): where Slack's consent
 * screen sends the merchant back, top-level, outside Shopify's admin. The signed state names
 * the shop (no session is needed); the merchant then goes back to the Slack page in the admin
 * with the outcome. A state that names no shop cannot say where to go: this page says what
 * happened instead (docs/operations.md#slack-app).
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const outcome = await completeSlackInstall(request);
  const back = slackReturnUrl(outcome);
  if (back) throw redirect(back);
  return { message: outcome.ok ? "" : SLACK_OUTCOMES[outcome.problem] };
};

export default function SlackCallback() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <StandaloneProvider>
      <ScreenCard>
        <BlockStack gap="400">
          <Text as="h1" variant="headingLg">
            Slack was not connected
          </Text>
          <Text as="p">{message}</Text>
          <InlineStack>
            <Button url="https://admin.shopify.com" variant="primary">
              Back to Shopify admin
            </Button>
          </InlineStack>
        </BlockStack>
      </ScreenCard>
    </StandaloneProvider>
  );
}
