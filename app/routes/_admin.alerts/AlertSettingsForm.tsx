import { getFormProps } from "@conform-to/react";
import { useSaveBarForm } from "../../components/useSaveBarForm";
import type { FetcherWithComponents } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  List,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useMemo, useState } from "react";
import { changedFrom, checkedIf, useField } from "../../components/form-fields";
import { useActionFetcher } from "../../components/useActionFetcher";
import { DAILY_DIGEST_TIME } from "../../domain/alerts/alert-digest";
import { SEVERITY_BANDS, STACKING_SEVERITY_TEXT } from "../../domain/severity";
import { ALERT_FREQUENCIES, alertSettingsSchema } from "../../forms/alerts";
import type { AlertSettingsView } from "../../services/alerts/settings.server";
import type { AlertsActionResult } from "./actions.server";
import { RotateSecretConfirmation } from "./RotateSecretConfirmation";

interface FormValues {
  emailEnabled: boolean;
  slackEnabled: boolean;
  webhookEnabled: boolean;
  emails: string;
  slackChannel: string;
  /** a new Slack URL; empty keeps the stored one */
  slackWebhook: string;
  webhooks: string;
  frequency: string;
  minSeverity: string;
  quietStart: string;
  quietEnd: string;
}

function valuesOf(settings: AlertSettingsView): FormValues {
  return {
    emailEnabled: settings.emailEnabled,
    slackEnabled: settings.slackEnabled,
    webhookEnabled: settings.webhookEnabled,
    emails: settings.emails.join(", "),
    slackChannel: settings.slackChannel,
    slackWebhook: "",
    webhooks: settings.webhooks.join(", "),
    frequency: settings.frequency,
    minSeverity: settings.minSeverity,
    quietStart: settings.quietStart ?? "",
    quietEnd: settings.quietEnd ?? "",
  };
}

/** The form's starting text, as it posts it: a checked box is "true", an unchecked one absent. */
function defaultsOf(values: FormValues): Record<keyof FormValues, string | undefined> {
  return {
    ...values,
    emailEnabled: checkedIf(values.emailEnabled),
    slackEnabled: checkedIf(values.slackEnabled),
    webhookEnabled: checkedIf(values.webhookEnabled),
  };
}

/**
 * What the form starts from: a save that changes it starts the form again (its React key);
 * a new signing secret or a test does not, so the secret shown once stays on screen.
 */
export function settingsFormKey(settings: AlertSettingsView): string {
  return JSON.stringify([valuesOf(settings), settings.slackWebhook]);
}

const FREQUENCY_LABELS: Record<(typeof ALERT_FREQUENCIES)[number], string> = {
  immediate: "Immediately, one alert per breach",
  hourly: "Hourly digest, on the hour",
  daily: `Daily digest, at ${DAILY_DIGEST_TIME}`,
};

const CHANNEL_TESTS = [
  { channel: "email", label: "Send test e-mail" },
  { channel: "slack", label: "Send test Slack message" },
  { channel: "webhook", label: "Send test webhook" },
] as const;

function TestButton({ channel, label, disabled }: { channel: string; label: string; disabled: boolean }) {
  const fetcher = useActionFetcher<AlertsActionResult>(`alerts-test-${channel}`);
  return (
    <BlockStack gap="200" inlineAlign="start">
      <Button
        disabled={disabled}
        loading={fetcher.state !== "idle"}
        onClick={() => fetcher.submit({ intent: "test", channel }, { method: "post" })}
      >
        {label}
      </Button>
      {fetcher.state === "idle" && fetcher.data?.value?.signingSecret ? (
        <SigningSecretOnce secret={fetcher.data.value.signingSecret} />
      ) : null}
    </BlockStack>
  );
}

function SigningSecretOnce({ secret }: { secret: string }) {
  return (
    <Banner tone="warning" title="Your webhook signing secret">
      <BlockStack gap="100">
        <Text as="p">Copy it now: it is shown only this once. Verify each webhook's signature with it.</Text>
        <Box padding="200" background="bg-surface-secondary" borderRadius="200">
          <Text as="p" fontWeight="semibold" breakWord>
            <code data-testid="signing-secret">{secret}</code>
          </Text>
        </Box>
      </BlockStack>
    </Banner>
  );
}

function SigningSecret({
  masked,
  form,
  rotationEndsAt,
  savedSecret,
}: {
  masked: string | null;
  form: AlertSettingsView["webhookSecretForm"];
  rotationEndsAt: string | null;
  /** the secret the last save made (its first webhook URL), in full */
  savedSecret?: string;
}) {
  const fetcher = useActionFetcher<AlertsActionResult>("alerts-rotate-secret");
  const shown = (fetcher.state === "idle" ? fetcher.data?.value?.signingSecret : undefined) ?? savedSecret;
  // rotating replaces a secret receivers check: it asks first; the first secret is simply made
  const [confirming, setConfirming] = useState(false);
  const rotate = () => fetcher.submit({ intent: "rotateSecret" }, { method: "post" });
  return (
    <BlockStack gap="200">
      <Text as="p" tone="subdued">
        Each webhook is a JSON POST signed the{" "}
        <a href="https://www.standardwebhooks.com" target="_blank" rel="noreferrer">
          Standard Webhooks
        </a>{" "}
        way: <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> headers that any
        Standard Webhooks library verifies with your <code>whsec_…</code> secret. The{" "}
        <code>Margin-Guardrail-Signature</code> header (<code>t=…,v1=…</code>) is still sent for receivers written for
        it. Refuse a signature older than 5 minutes.
      </Text>
      {form === "legacy" ? (
        <Text as="p" tone="subdued">
          Your secret predates Standard Webhooks: its <code>whsec_</code> form is <code>whsec_</code> followed by your
          secret in base64. Or rotate it to get a <code>whsec_</code> secret.
        </Text>
      ) : null}
      <InlineStack gap="300" blockAlign="center">
        <Text as="p">Signing secret: {masked ?? "made when you save a webhook URL"}</Text>
        <Button
          variant="plain"
          loading={fetcher.state !== "idle"}
          onClick={() => (masked ? setConfirming(true) : rotate())}
        >
          {masked ? "Rotate signing secret" : "Create signing secret"}
        </Button>
      </InlineStack>
      <RotateSecretConfirmation
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          rotate();
        }}
      />
      {rotationEndsAt ? (
        <Text as="p" tone="subdued">
          Until {new Date(rotationEndsAt).toUTCString()}, webhooks carry two signatures: the new secret&apos;s and the
          previous one&apos;s.
        </Text>
      ) : null}
      {shown ? <SigningSecretOnce secret={shown} /> : null}
    </BlockStack>
  );
}

/**
 * The alert settings form (docs/product.md#alerts): conform with the schema the API uses, an
 * unsaved-changes bar with Discard and Save, and the channels' test buttons (they send with
 * the saved settings).
 */
export function AlertSettingsForm({
  settings,
  save,
  timeZone,
  quietNow,
  production,
  savedSecret,
}: {
  settings: AlertSettingsView;
  save: FetcherWithComponents<AlertsActionResult>;
  timeZone: string;
  /** the quiet hours hold alerts right now, until this local time */
  quietNow: string | null;
  production: boolean;
  /** the webhook signing secret the last save made, shown in full once */
  savedSecret?: string;
}) {
  const initial = useMemo(() => defaultsOf(valuesOf(settings)), [settings]);
  const schema = useMemo(() => alertSettingsSchema({ production }), [production]);
  const { form, fields, saveBar } = useSaveBarForm({
    name: "alert-settings",
    schema,
    fetcher: save,
    initial: initial,
  });
  const controls: Record<keyof FormValues, ReturnType<typeof useField>> = {
    emailEnabled: useField(fields.emailEnabled),
    slackEnabled: useField(fields.slackEnabled),
    webhookEnabled: useField(fields.webhookEnabled),
    emails: useField(fields.emails),
    slackChannel: useField(fields.slackChannel),
    slackWebhook: useField(fields.slackWebhook),
    webhooks: useField(fields.webhooks),
    frequency: useField(fields.frequency),
    minSeverity: useField(fields.minSeverity),
    quietStart: useField(fields.quietStart),
    quietEnd: useField(fields.quietEnd),
  };
  const dirty = changedFrom(controls, initial);
  const formError = form.errors?.[0];

  return (
    <>
      {saveBar("alert-settings-save-bar", dirty)}
      <form {...getFormProps(form)} key={form.id}>
        <input type="hidden" name="intent" value="save" />
        <BlockStack gap="400">
          {formError ? <Banner tone="critical" title={formError} /> : null}
          <Card>
            <BlockStack gap="400">
              <Text as="h2" variant="headingMd">
                Notification channels
              </Text>
              <FormLayout>
                <Checkbox label="E-mail alerts" {...controls.emailEnabled.checkbox} />
                <TextField
                  label="E-mail recipients"
                  helpText="Separate addresses with commas."
                  placeholder="ops@example.com, finance@example.com"
                  {...controls.emails.textField}
                />
                <Checkbox label="Slack alerts" {...controls.slackEnabled.checkbox} />
                <FormLayout.Group>
                  <TextField label="Slack channel" {...controls.slackChannel.textField} />
                  <TextField
                    label="Slack incoming-webhook URL"
                    type="password"
                    placeholder={
                      settings.slackWebhook ? `Stored: ${settings.slackWebhook}` : "https://hooks.slack.com/services/…"
                    }
                    helpText={
                      settings.slackWebhook
                        ? "Stored encrypted. Paste a new URL to replace it; leave empty to keep it."
                        : "Stored encrypted. See the Integration Center for how to make one."
                    }
                    {...controls.slackWebhook.textField}
                  />
                </FormLayout.Group>
                <Checkbox label="Webhooks" {...controls.webhookEnabled.checkbox} />
                <TextField
                  label="Webhook URLs"
                  helpText={`Separate URLs with commas.${production ? " Each must start with https://." : ""}`}
                  placeholder="https://example.com/margin-alerts"
                  {...controls.webhooks.textField}
                />
                <SigningSecret
                  masked={settings.webhookSigningSecret}
                  form={settings.webhookSecretForm}
                  rotationEndsAt={settings.webhookRotationEndsAt}
                  savedSecret={savedSecret}
                />
              </FormLayout>
            </BlockStack>
          </Card>
          <Card>
            <BlockStack gap="400">
              <Text as="h2" variant="headingMd">
                When to alert
              </Text>
              <FormLayout>
                <FormLayout.Group>
                  <Select
                    label="Frequency"
                    {...controls.frequency.select}
                    options={ALERT_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }))}
                  />
                  <Select
                    label="Minimum severity"
                    {...controls.minSeverity.select}
                    options={SEVERITY_BANDS.map((band) => ({ value: band.severity, label: band.severity }))}
                  />
                </FormLayout.Group>
                <BlockStack gap="100">
                  <Text as="p" tone="subdued">
                    Severity grows with how far an order went past the rule&apos;s threshold:
                  </Text>
                  <List type="bullet">
                    {SEVERITY_BANDS.map((band) => (
                      <List.Item key={band.severity}>
                        <Text as="span" fontWeight="semibold">
                          {band.severity}
                        </Text>
                        : {band.description}
                      </List.Item>
                    ))}
                  </List>
                  <Text as="p" tone="subdued">
                    {STACKING_SEVERITY_TEXT}
                  </Text>
                </BlockStack>
                {/* no placeholders: a greyed "22:00" in an empty field reads as a value */}
                <FormLayout.Group>
                  <TextField
                    label="Quiet hours start"
                    helpText="24-hour time, for example 22:00"
                    {...controls.quietStart.textField}
                  />
                  <TextField
                    label="Quiet hours end"
                    helpText="24-hour time, for example 08:00"
                    {...controls.quietEnd.textField}
                  />
                </FormLayout.Group>
                <Text as="p" tone="subdued">
                  Times are in your store&apos;s time zone ({timeZone}); 22:00 to 08:00 spans midnight. Alerts are held
                  during the quiet hours and sent as one digest when they end. Leave both empty for no quiet hours.
                </Text>
                {quietNow ? <Banner tone="info">Quiet hours now: alerts are held until {quietNow}.</Banner> : null}
              </FormLayout>
            </BlockStack>
          </Card>
        </BlockStack>
      </form>
      <Box paddingBlockStart="400">
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Test your channels
            </Text>
            <Text as="p" tone="subdued">
              {dirty
                ? "Save or discard your changes first: tests use the saved settings."
                : "A test alert goes out with your saved settings."}
            </Text>
            <InlineStack gap="300" blockAlign="start">
              {CHANNEL_TESTS.map((test) => (
                <TestButton key={test.channel} channel={test.channel} label={test.label} disabled={dirty} />
              ))}
            </InlineStack>
          </BlockStack>
        </Card>
      </Box>
    </>
  );
}
