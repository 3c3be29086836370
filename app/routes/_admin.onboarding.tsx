import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { useFetcher, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
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
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { AdminPage } from "../components/AdminPage";
import { BacktestProgress, BacktestResultsView, ruleCatchLine, useBacktest } from "../components/Backtest";
import { useToast } from "../components/Toasts";
import { useFetcherForm } from "../components/useFetcherForm";
import { getEnv } from "../env.server";
import { BACKTEST_DAYS, type BacktestView, type SuggestedRule } from "../domain/backtest/backtest";
import { formatCount } from "../domain/money";
import { ONBOARDING_DONE, ONBOARDING_REDIRECT_MS, ONBOARDING_STEPS, onboardingHome } from "../domain/shops/onboarding";
import { planHasAlerts } from "../domain/billing/plans";
import { SEVERITIES } from "../domain/severity";
import { alertSettingsSchema } from "../forms/alerts";
import { ruleSchema } from "../forms/rules";
import { wholeNumber } from "../forms/fields";
import { formIntent, pageAction, plainIntent } from "../http/page-action.server";
import type { PageActionResult } from "../forms/page-action";
import { fail, ok } from "../domain/result";
import { SAVE_FAILED } from "./_admin.alerts/actions.server";
import { latestBacktest } from "../services/backtest/backtest.server";
import { ALERTS_NEED_CORE, getAlertSettings, saveAlertSettings } from "../services/alerts/settings.server";
import { createRule } from "../services/rules/rules.server";
import { requireAdmin, type AdminContext } from "../services/shops/admin-context.server";
import { finishOnboarding, setOnboardingStep } from "../services/shops/onboarding.server";
import { shopEmailOf } from "../services/shops/shop-email.server";
import { MessagesBanner } from "../components/MessagesBanner";
import {
  EMPTY_RULE,
  RuleFields,
  draftOf,
  ruleDraftOf,
  useRuleFields,
  type RuleFormValues,
} from "./_admin.rules/RuleDialog";

export const meta: MetaFunction = () => [{ title: "Get started · Margin Guardrail" }];

/**
 * The recipients the alert step starts with: the stored ones, or with e-mail alerts on and none
 * stored, the shop's e-mail (so that the step completes as it is shown); empty when none is known.
 */
async function startingRecipients(context: AdminContext, alerts: { emailEnabled: boolean; emails: string[] }) {
  if (alerts.emails.length > 0 || !alerts.emailEnabled) return alerts.emails;
  const email = await shopEmailOf(context.shop.domain, context.admin?.graphql ?? null);
  return email ? [email] : [];
}

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const context = await requireAdmin(request, load);
  const { shop, plan } = context;
  const alerts = planHasAlerts(plan) ? await getAlertSettings(shop.id) : null;
  const emails = alerts ? await startingRecipients(context, alerts) : [];
  const backtest = await latestBacktest(shop.id, "shop");
  return {
    // a shop that finished (or skipped) and comes back starts again from the welcome
    step: shop.onboardingStep >= ONBOARDING_DONE ? 0 : shop.onboardingStep,
    alertsIncluded: planHasAlerts(plan),
    alerts: alerts && {
      emailEnabled: alerts.emailEnabled,
      emails: emails.join(", "),
      slackEnabled: alerts.slackEnabled,
      slackConnected: alerts.slackWebhook !== null,
      slackChannel: alerts.slackChannel,
      minSeverity: alerts.minSeverity,
      // kept as they are: onboarding does not show them
      kept: {
        webhookEnabled: alerts.webhookEnabled,
        webhooks: alerts.webhooks.join(", "),
        frequency: alerts.frequency,
        quietStart: alerts.quietStart ?? "",
        quietEnd: alerts.quietEnd ?? "",
      },
    },
    suggestion: backtest?.scope.suggest ? backtest : null,
  };
};

/** What the wizard does with an answer: move to its step, or finish. */
export type OnboardingResult = PageActionResult<{ step?: number; done?: boolean }>;

/** A step posted by the wizard: its index as decimal digits ("0x1" or "1e0" is no step). */
const onboardingStep = wholeNumber({ min: 0, max: ONBOARDING_STEPS.length - 1, message: "Unknown step" });

type Call = { request: Request; context: AdminContext };

const finished = async ({ context }: Call) => {
  await finishOnboarding(context.shop.id);
  return ok({ value: { done: true } });
};

/** The wizard's intents: skip it, move to a step, create the first rule, save the alerts and finish. */
const onboardingAction = () => {
  const completeWithAlerts = formIntent(
    () => alertSettingsSchema({ production: getEnv().isProduction }),
    { success: "Setup complete", failure: SAVE_FAILED },
    async (value, call: Call) => {
      const owner = { id: call.context.shop.id, plan: call.context.plan };
      const stored = await saveAlertSettings(owner, value);
      return stored.ok ? finished(call) : stored;
    },
  );
  const completeOnly = plainIntent({ success: "Setup complete", failure: SAVE_FAILED }, (_formData, call: Call) =>
    finished(call),
  );
  return pageAction<Call>(
    {
      skip: plainIntent({ failure: "Not skipped" }, async (_formData, { request, context }: Call) => {
        await finishOnboarding(context.shop.id);
        throw redirect(onboardingHome(new URL(request.url).search));
      }),
      // no toast: the wizard shows the step
      step: plainIntent({ failure: "Unknown step" }, async (formData, { context }: Call) => {
        const step = onboardingStep.safeParse(formData.get("step"));
        if (!step.success) return fail(400, "Unknown step");
        await setOnboardingStep(context.shop.id, step.data);
        return ok({ value: { step: step.data } });
      }),
      // the Rule Builder's schema and service: the same rule, the same plan limit
      createRule: formIntent(
        ruleSchema,
        { success: "Rule created", failure: "Failed to create rule" },
        async (value, { context }: Call) => {
          const owner = { id: context.shop.id, plan: context.plan, currency: context.shop.currency };
          const created = await createRule(owner, value);
          if (!created.ok) return created;
          await setOnboardingStep(context.shop.id, 2);
          return ok({ status: 201, value: { step: 2 } });
        },
      ),
      complete: {
        answer: (intent, formData, call) =>
          (planHasAlerts(call.context.plan) ? completeWithAlerts : completeOnly).answer(intent, formData, call),
      },
    },
    "The step was not saved",
  );
};

export const action = async ({ request, context: load }: ActionFunctionArgs) =>
  onboardingAction()(request, { request, context: await requireAdmin(request, load) });

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function ruleValues(rule: SuggestedRule): RuleFormValues {
  return {
    ...EMPTY_RULE,
    name: rule.name,
    ruleType: rule.ruleType,
    thresholdUnit: rule.thresholdUnit,
    threshold: String(rule.threshold),
  };
}

function Welcome({ alertsIncluded }: { alertsIncluded: boolean }) {
  return (
    <BlockStack gap="300">
      <Text as="p">
        Margin Guardrail watches every order&apos;s discounts and tells you when a promotion goes further than you
        meant: codes stacked on automatic discounts, a discount above your limit, an order sold under your margin floor.
      </Text>
      <List>
        <List.Item>First, a rule: we read your orders of the last {BACKTEST_DAYS} days and suggest one.</List.Item>
        <List.Item>
          {alertsIncluded
            ? "Then, who hears about a breach: e-mail or Slack."
            : "Then, where to find what your rules catch: the Dashboard and the Audit Log (alerts by e-mail or Slack come with Core)."}
        </List.Item>
        <List.Item>From then on every new order is checked, and the audit log keeps what was found.</List.Item>
      </List>
    </BlockStack>
  );
}

function FirstRule({
  suggestion,
  fetcher,
}: {
  suggestion: BacktestView | null;
  fetcher: ReturnType<typeof useFetcher<OnboardingResult>>;
}) {
  const suggested = useBacktest(suggestion);
  const tried = useBacktest();
  const [starting] = useState(() =>
    ruleDraftOf(suggestion?.results?.suggestion ? ruleValues(suggestion.results.suggestion.rule) : EMPTY_RULE),
  );
  const [form, fields] = useFetcherForm({ id: "onboarding-rule", schema: ruleSchema, fetcher, defaultValue: starting });
  const controls = useRuleFields(fields);
  // the rule as typed differs from the one put there (to start, or by the suggestion)
  const placed = useRef(starting);
  const edited = JSON.stringify(draftOf(controls)) !== JSON.stringify(placed.current);
  const started = useRef(false);

  // the suggestion comes from the shop's own orders: read them once, when the step opens
  useEffect(() => {
    if (started.current || suggestion) return;
    started.current = true;
    void suggested.start({ suggest: true });
  }, [suggestion, suggested]);
  const found = suggested.view?.status === "done" ? suggested.view.results : null;
  // the suggestion fills the form when it is found, unless the merchant changed it by then
  const place = useRef<() => void>(() => {});
  place.current = () => {
    if (!found?.suggestion || edited) return;
    const draft = ruleDraftOf(ruleValues(found.suggestion.rule));
    placed.current = draft;
    for (const [name, value] of Object.entries(draft)) controls[name as keyof typeof draft].change(value);
  };
  useEffect(() => place.current(), [found]);

  const draft = tried.view?.status === "done" ? tried.view.results : null;
  return (
    <BlockStack gap="400">
      {suggested.running && suggested.view ? <BacktestProgress view={suggested.view} /> : null}
      {suggested.error || suggested.view?.status === "failed" ? (
        <Banner tone="warning" title="Your past orders could not be read">
          {suggested.error ?? suggested.view?.error} You can still set up a rule; a maximum of 30% off is a common
          start.
        </Banner>
      ) : null}
      {found?.suggestion ? (
        <Banner tone="info" title={`Suggested: ${found.suggestion.rule.name}`}>
          {found.ordersDiscounted === 0
            ? `None of your ${formatCount(found.ordersScanned)} orders of the last ${BACKTEST_DAYS} days was discounted, so this is a common starting limit.`
            : `${formatCount(found.ordersDiscounted)} of your ${formatCount(found.ordersScanned)} orders of the last ${BACKTEST_DAYS} days were discounted. ${ruleCatchLine(found.suggestion.result, found)}`}
        </Banner>
      ) : null}
      <form {...{ id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate }}>
        <input type="hidden" name="intent" value="createRule" />
        <RuleFields controls={controls} fields={fields} showAction={false} />
      </form>
      <InlineStack gap="300" blockAlign="center">
        <Button onClick={() => void tried.start({ rule: draftOf(controls) })} loading={tried.running}>
          Test this rule
        </Button>
        {tried.running && tried.view ? <BacktestProgress view={tried.view} /> : null}
      </InlineStack>
      {tried.error ? (
        <Banner tone="critical" title="Backtest failed">
          {tried.error}
        </Banner>
      ) : null}
      {draft && draft.rules[0] ? (
        <BacktestResultsView
          results={draft}
          heading={`${draft.rules[0].ruleName}: ${ruleCatchLine(draft.rules[0], draft)}`}
        />
      ) : null}
    </BlockStack>
  );
}

/** The message shown under empty recipients while e-mail alerts are on (the schema's own). */
const NO_RECIPIENT = "Add at least one recipient, or turn e-mail alerts off";

function AlertStep({ data, errors }: { data: LoaderData; errors: FieldErrors }) {
  const alerts = data.alerts;
  const [emailEnabled, setEmailEnabled] = useState(alerts?.emailEnabled ?? false);
  const [emails, setEmails] = useState(alerts?.emails ?? "");
  const [slackEnabled, setSlackEnabled] = useState(alerts?.slackEnabled ?? false);
  const [slackWebhook, setSlackWebhook] = useState("");
  const [minSeverity, setMinSeverity] = useState(alerts?.minSeverity ?? "medium");
  // the answer's messages, until the field is changed; an empty list with e-mail on is red at once
  const [edited, setEdited] = useState<Record<string, boolean>>({});
  useEffect(() => setEdited({}), [errors]);
  const errorOf = (name: string) => (edited[name] ? undefined : errors[name]?.join(" "));
  const change =
    <T,>(name: string, set: (value: T) => void) =>
    (value: T) => {
      setEdited((before) => ({ ...before, [name]: true }));
      set(value);
    };
  const emailsError = emailEnabled && emails.trim() === "" ? NO_RECIPIENT : errorOf("emails");
  if (!data.alertsIncluded || !alerts) {
    return (
      <Banner tone="info" title="Alerts come with Core">
        {ALERTS_NEED_CORE} Your rules still check every order, and the audit log and dashboard show what they find.
      </Banner>
    );
  }
  return (
    <>
      {Object.entries(alerts.kept).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      <input type="hidden" name="slackChannel" value={alerts.slackChannel} />
      {emailEnabled ? null : <input type="hidden" name="emails" value={emails} />}
      <FormLayout>
        <Checkbox
          label="E-mail alerts"
          name="emailEnabled"
          value="true"
          checked={emailEnabled}
          onChange={setEmailEnabled}
        />
        <TextField
          label="E-mail recipients"
          name="emails"
          value={emails}
          onChange={change("emails", setEmails)}
          autoComplete="email"
          helpText="Separate several addresses with commas"
          error={emailEnabled ? emailsError : undefined}
          disabled={!emailEnabled}
        />
        <Checkbox
          label="Slack alerts"
          name="slackEnabled"
          value="true"
          checked={slackEnabled}
          onChange={setSlackEnabled}
        />
        <TextField
          label="Slack incoming-webhook URL"
          name="slackWebhook"
          value={slackWebhook}
          onChange={change("slackWebhook", setSlackWebhook)}
          error={slackEnabled ? errorOf("slackWebhook") : undefined}
          autoComplete="off"
          placeholder={
            alerts.slackConnected ? "Connected; paste a new URL to replace it" : "https://hooks.slack.com/services/..."
          }
          disabled={!slackEnabled}
        />
        <Select
          label="Minimum severity"
          name="minSeverity"
          options={SEVERITIES.map((severity) => ({
            label: severity[0].toUpperCase() + severity.slice(1),
            value: severity,
          }))}
          value={minSeverity}
          onChange={setMinSeverity}
        />
      </FormLayout>
    </>
  );
}

/** Field errors the action sent back (conform's reply), by field. */
type FieldErrors = Record<string, string[]>;

const NO_ERRORS: FieldErrors = {};

function replyErrors(result: SubmissionResult<string[]> | undefined): FieldErrors {
  const fields: FieldErrors = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) if (messages?.length) fields[name] = messages;
  return fields;
}

export default function Onboarding() {
  const data = useLoaderData<typeof loader>();
  const fetcher = useFetcher<OnboardingResult>({ key: "onboarding" });
  const [step, setStep] = useState(data.step);
  const [done, setDone] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const handled = useRef<OnboardingResult | undefined>(undefined);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.toast) toast(result.toast);
    if (result.ok && result.value?.step !== undefined) setStep(result.value.step);
    if (result.ok && result.value?.done) setDone(true);
  }, [fetcher.state, fetcher.data, toast]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(onboardingHome(location.search)), ONBOARDING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, location.search]);

  const busy = fetcher.state !== "idle";
  const go = useCallback(
    (to: number) => fetcher.submit({ intent: "step", step: String(to) }, { method: "post" }),
    [fetcher],
  );
  const skip = () => fetcher.submit({ intent: "skip" }, { method: "post" });
  const submitForm = (id: string) => (document.getElementById(id) as HTMLFormElement | null)?.requestSubmit();
  const reply = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.result : undefined;
  const fieldErrors = useMemo(() => (reply ? replyErrors(reply) : NO_ERRORS), [reply]);
  const errors = Object.values(fieldErrors).flat();

  const primary =
    step === 0
      ? { content: "Continue", onAction: () => go(1) }
      : step === 1
        ? { content: "Continue", onAction: () => submitForm("onboarding-rule") }
        : { content: "Complete Setup", onAction: () => submitForm("onboarding-alerts") };

  return (
    <AdminPage title="Get started" description="Three steps to protect your margins">
      <Card>
        <BlockStack gap="500">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingLg">
              {ONBOARDING_STEPS[step]}
            </Text>
            <Badge>{`Step ${step + 1} of ${ONBOARDING_STEPS.length}`}</Badge>
          </InlineStack>
          {done ? (
            <Banner tone="success" title="Setup complete">
              Your store is protected. Taking you to your dashboard...
            </Banner>
          ) : null}
          {step === 0 ? <Welcome alertsIncluded={data.alertsIncluded} /> : null}
          {step === 1 ? <FirstRule suggestion={data.suggestion} fetcher={fetcher} /> : null}
          {step === 2 ? (
            <form
              id="onboarding-alerts"
              onSubmit={(event) => {
                event.preventDefault();
                const formData = new FormData(event.currentTarget);
                formData.set("intent", "complete");
                fetcher.submit(formData, { method: "post" });
              }}
            >
              <AlertStep data={data} errors={fieldErrors} />
            </form>
          ) : null}
          {errors.length > 0 && step === 2 ? (
            <MessagesBanner tone="critical" title="Check the fields" messages={errors} />
          ) : null}
          <InlineStack align="space-between">
            <Button variant="plain" onClick={skip} disabled={busy || done}>
              Skip Setup
            </Button>
            <InlineStack gap="300">
              {step > 0 ? (
                <Button onClick={() => go(step - 1)} disabled={busy || done}>
                  Back
                </Button>
              ) : null}
              <Button variant="primary" onClick={primary.onAction} loading={busy} disabled={done}>
                {primary.content}
              </Button>
            </InlineStack>
          </InlineStack>
        </BlockStack>
      </Card>
    </AdminPage>
  );
}
