import { getFormProps } from "@conform-to/react";
import { useFetcherForm } from "../../components/useFetcherForm";
import { useLocation } from "@remix-run/react";
import { Badge, BlockStack, Button, FormLayout, InlineStack, Text, TextField } from "@shopify/polaris";
import { useCallback, useRef } from "react";
import { PlanButton } from "../../components/AdminPage";
import { withEmbeddedQuery } from "../../components/admin-nav";
import { useField } from "../../components/form-fields";
import { NamedCard } from "../../components/NamedCard";
import { useActionFetcher } from "../../components/useActionFetcher";
import { DEFAULT_SMTP_PORT, smtpSettingsSchema } from "../../forms/alerts";
import type { IntegrationActionResult } from "./actions.server";

function Header({ title, on, onText, offText }: { title: string; on: boolean; onText: string; offText: string }) {
  return (
    <InlineStack align="space-between" blockAlign="center">
      <Text as="h2" variant="headingMd">
        {title}
      </Text>
      <Badge tone={on ? "success" : undefined}>{on ? onText : offText}</Badge>
    </InlineStack>
  );
}

function Locked() {
  return (
    <BlockStack gap="200" inlineAlign="start">
      <Text as="p" tone="subdued">
        Alerts come with the Core plan.
      </Text>
      <PlanButton target="core" />
    </BlockStack>
  );
}

/** A channel's test button: sends a test alert with the saved settings. */
export function ChannelTestButton({ channel, label }: { channel: string; label: string }) {
  const fetcher = useActionFetcher<IntegrationActionResult>(`integration-test-${channel}`);
  return (
    <Button
      loading={fetcher.state !== "idle"}
      onClick={() => fetcher.submit({ intent: "test", channel }, { method: "post" })}
    >
      {label}
    </Button>
  );
}

/** The chat card: Slack alerts through an incoming webhook, connected with a short guide. */
export function SlackCard({
  available,
  connected,
  channel,
  url,
}: {
  available: boolean;
  connected: boolean;
  channel: string;
  url: string | null;
}) {
  const location = useLocation();
  const disconnect = useActionFetcher<IntegrationActionResult>("integration-slack-disconnect");
  return (
    <NamedCard name="Slack">
      <BlockStack gap="300">
        <Header title="Slack" on={available && connected} onText="Connected" offText="Not connected" />
        <Text as="p">Alerts and digests in a Slack channel, with a button to open the order.</Text>
        {!available ? (
          <Locked />
        ) : connected ? (
          <BlockStack gap="300">
            <Text as="p">
              Posting to {channel} through the incoming webhook {url}.
            </Text>
            <InlineStack gap="300">
              <ChannelTestButton channel="slack" label="Send test Slack message" />
              <Button
                tone="critical"
                loading={disconnect.state !== "idle"}
                onClick={() => disconnect.submit({ intent: "disconnectSlack" }, { method: "post" })}
              >
                Disconnect
              </Button>
            </InlineStack>
          </BlockStack>
        ) : (
          <InlineStack>
            <Button variant="primary" url={withEmbeddedQuery("/api/integrations/slack/install", location.search)}>
              Connect Slack
            </Button>
          </InlineStack>
        )}
      </BlockStack>
    </NamedCard>
  );
}

interface SmtpValues {
  smtpHost: string;
  smtpPort: string;
  smtpUsername: string;
  smtpPassword: string;
}

/** The SMTP e-mail card: the merchant's own mail server for their alert e-mails. */
export function SmtpCard({
  available,
  host,
  ...settings
}: {
  available: boolean;
  host: string | null;
  port: number;
  username: string | null;
  password: string | null;
  recipients: number;
}) {
  return (
    <NamedCard name="SMTP e-mail">
      <BlockStack gap="300">
        <Header title="SMTP e-mail" on={available && Boolean(host)} onText={`Using ${host}`} offText="App mailer" />
        <Text as="p">
          Send alert e-mails through your own mail server. Without one, they come from Margin Guardrail&apos;s mailer.
        </Text>
        {!available ? <Locked /> : <SmtpForm host={host} {...settings} />}
      </BlockStack>
    </NamedCard>
  );
}

function SmtpForm({
  host,
  port,
  username,
  password,
  recipients,
}: {
  host: string | null;
  port: number;
  username: string | null;
  password: string | null;
  recipients: number;
}) {
  const stored: SmtpValues = {
    smtpHost: host ?? "",
    smtpPort: String(port || DEFAULT_SMTP_PORT),
    smtpUsername: username ?? "",
    smtpPassword: "",
  };
  // the typed password is gone once saved; a removal's answer resets the form to the cleared settings
  const clearPassword = useRef(() => {});
  const fetcher = useActionFetcher<IntegrationActionResult>(
    "integration-smtp",
    useCallback(() => clearPassword.current(), []),
  );
  const [form, fields] = useFetcherForm({
    id: "smtp-settings",
    schema: smtpSettingsSchema,
    fetcher,
    defaultValue: stored,
  });
  const smtpHost = useField(fields.smtpHost);
  const smtpPort = useField(fields.smtpPort);
  const smtpUsername = useField(fields.smtpUsername);
  const smtpPassword = useField(fields.smtpPassword);
  clearPassword.current = () => smtpPassword.change("");
  return (
    <form {...getFormProps(form)}>
      <input type="hidden" name="intent" value="saveSmtp" />
      <FormLayout>
        <FormLayout.Group>
          <TextField label="SMTP host" placeholder="smtp.example.com" {...smtpHost.textField} />
          <TextField label="Port" type="number" helpText="587 with STARTTLS; 465 for TLS." {...smtpPort.textField} />
        </FormLayout.Group>
        <FormLayout.Group>
          <TextField label="Username" {...smtpUsername.textField} />
          <TextField
            label="Password"
            type="password"
            placeholder={password ? `Stored: ${password}` : undefined}
            helpText={password ? "Stored encrypted. Type a new one to replace it." : "Stored encrypted."}
            {...smtpPassword.textField}
          />
        </FormLayout.Group>
        <InlineStack gap="300">
          <Button submit variant="primary" loading={fetcher.state !== "idle"}>
            Save SMTP settings
          </Button>
          <ChannelTestButton channel="email" label="Send test e-mail" />
          {host ? (
            <Button tone="critical" onClick={() => fetcher.submit({ intent: "removeSmtp" }, { method: "post" })}>
              Remove
            </Button>
          ) : null}
        </InlineStack>
        <Text as="p" tone="subdued">
          {recipients === 0
            ? "Add recipients on the Alerts page to send a test."
            : `The test goes to your ${recipients} alert recipient${recipients === 1 ? "" : "s"}.`}
        </Text>
      </FormLayout>
    </form>
  );
}
