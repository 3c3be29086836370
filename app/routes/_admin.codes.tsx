import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Button, Card, FormLayout, InlineStack, List, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "../components/AdminPage";
import { useActionFetcher, type ToastingResult } from "../components/useActionFetcher";
import { LEAK_THRESHOLDS, planHasLeakFlags } from "../domain/code-leaks";
import { grantedScopesOf, missingScopes } from "../domain/scopes";
import { InputRefusal, readJson } from "../http/request-body.server";
import { actionClientOf } from "../services/actions/admin-client.server";
import { listCodes, saveCodeSettings, setCodeActive, type CodeView } from "../services/leaks/codes.server";
import { requireAdmin } from "../services/shops/admin-context.server";

export const meta: MetaFunction = () => [{ title: "Discount codes · Margin Guardrail" }];

/** /codes: the leaked-code detector (docs/product.md#leaked-codes, docs/decisions/0064-leaked-code-detector.md). */
export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const context = await requireAdmin(request, load);
  return {
    codes: await listCodes({ id: context.shop.id, plan: context.plan }, { limit: 200 }),
    flags: planHasLeakFlags(context.plan),
    needsPermission:
      !context.demo && missingScopes(["write_discounts"], grantedScopesOf(context.shop.grantedScopes)).length > 0,
  };
};

interface CodesActionResult extends ToastingResult {
  fields?: Record<string, string[]>;
}

/** The page's intents, with the API's rules: deactivate, reactivate, or save a code's settings. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireAdmin(request);
  let body: Record<string, unknown>;
  try {
    body = await readJson(request);
  } catch (error) {
    if (!(error instanceof InputRefusal)) throw error;
    return data<CodesActionResult>(
      { ok: false, toast: { title: "Not saved", description: error.message, error: true } },
      { status: error.status },
    );
  }
  const { intent, code, ...settings } = body;
  const name = typeof code === "string" ? code : "";
  const result =
    intent === "settings"
      ? await saveCodeSettings({ ...context.shop, plan: context.plan }, name, settings)
      : await setCodeActive(context, actionClientOf(context), name, intent === "reactivate");
  if (!result.ok) {
    return data<CodesActionResult>(
      {
        ok: false,
        fields: result.error.fields,
        toast: { title: "Not done", description: result.error.message, error: true },
      },
      { status: result.error.status },
    );
  }
  const title =
    intent === "settings" ? `${name} saved` : intent === "reactivate" ? `${name} reactivated` : `${name} deactivated`;
  return data<CodesActionResult>({ ok: true, toast: { title } });
};

const percent = (share: number | null) => (share === null ? "not known" : `${Math.round(share * 100)} %`);

function CodeCard({ code, flags, needsPermission }: { code: CodeView; flags: boolean; needsPermission: boolean }) {
  const save = useActionFetcher<CodesActionResult>(`code-${code.code}`);
  const [audience, setAudience] = useState(code.audienceSize === null ? "" : String(code.audienceSize));
  const [tags, setTags] = useState(code.segmentTags.join(", "));
  const busy = save.state !== "idle";
  const fields = save.state === "idle" && save.data && !save.data.ok ? save.data.fields : undefined;
  const submit = (body: Record<string, unknown>) =>
    save.submit({ code: code.code, ...body } as never, { method: "post", encType: "application/json" });
  const saveSettings = () =>
    submit({
      intent: "settings",
      audienceSize: audience.trim() === "" ? null : /^\d+$/.test(audience.trim()) ? Number(audience.trim()) : audience,
      segmentTags:
        tags.trim() === ""
          ? null
          : tags
              .split(",")
              .map((tag) => tag.trim())
              .filter(Boolean),
    });
  return (
    <section aria-label={`Code ${code.code}`}>
      <Card>
        <BlockStack gap="300">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {code.code}
            </Text>
            {code.leakSuspected ? <Badge tone="critical">Probably leaked</Badge> : null}
            {code.deactivatedAt ? <Badge tone="attention">Deactivated in Shopify</Badge> : null}
          </InlineStack>
          <Text as="p">
            {code.uses} uses by {code.customers} customers · {code.lastHourUses} in the last hour, {code.dailyUses} in
            the last 24 hours
            {code.hourlyBaseline === null
              ? " (under a day old: no hourly baseline yet)"
              : ` (baseline ${code.hourlyBaseline} an hour)`}{" "}
            · first-time customers {percent(code.firstTimeShare)} · outside the segment{" "}
            {percent(code.outsideSegmentShare)} · {code.countries} shipping{" "}
            {code.countries === 1 ? "country" : "countries"}
          </Text>
          {code.signalsInWords.length > 0 ? (
            <BlockStack gap="100">
              <Text as="h3" variant="headingSm">
                Signals that fired
              </Text>
              <List>
                {code.signalsInWords.map((signal) => (
                  <List.Item key={signal}>{signal}</List.Item>
                ))}
              </List>
            </BlockStack>
          ) : null}
          {flags ? (
            <InlineStack gap="200">
              {code.deactivatedAt ? (
                <Button onClick={() => submit({ intent: "reactivate" })} loading={busy} disabled={needsPermission}>
                  Reactivate
                </Button>
              ) : (
                <Button
                  tone="critical"
                  variant={code.leakSuspected ? "primary" : "secondary"}
                  onClick={() => submit({ intent: "deactivate" })}
                  loading={busy}
                  disabled={needsPermission}
                >
                  Deactivate in Shopify
                </Button>
              )}
            </InlineStack>
          ) : null}
          <FormLayout>
            <FormLayout.Group condensed>
              <TextField
                label="Audience size"
                helpText="How many customers the code was meant for; empty: not set"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={audience}
                onChange={setAudience}
                error={fields?.audienceSize?.[0]}
              />
              <TextField
                label="Segment: customer tags"
                helpText="Comma-separated, e.g. vip, subscriber; orders from then on are checked"
                autoComplete="off"
                value={tags}
                onChange={setTags}
                error={fields?.segmentTags?.[0]}
              />
            </FormLayout.Group>
          </FormLayout>
          <InlineStack>
            <Button onClick={saveSettings} loading={busy}>
              Save settings
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </section>
  );
}

export default function CodesPage() {
  const { codes, flags, needsPermission } = useLoaderData<typeof loader>();
  const t = LEAK_THRESHOLDS;
  return (
    <AdminPage title="Discount codes" description="Every code seen in your orders, and the ones that probably leaked">
      <BlockStack gap="400">
        <Text as="p" tone="subdued">
          A code is flagged “probably leaked” when a rule you can read fires: a velocity spike ({t.velocityFactor}× its
          own hourly baseline of the previous 7 days, at least {t.velocityMinUses} uses in the hour), its audience
          exceeded, more than {t.segmentMaxShare * 100} % of orders from outside its segment (at least{" "}
          {t.segmentMinOutside}), more than {t.firstTimeMaxShare * 100} % first-time customers (over at least{" "}
          {t.firstTimeMinOrders} orders) or more than {t.maxCountries} shipping countries.
        </Text>
        {!flags ? (
          <Text as="p" tone="caution">
            Counts are kept on every plan; flags, their alerts and the deactivate button are part of Core and Plus.
          </Text>
        ) : null}
        {flags && needsPermission ? (
          <Text as="p" tone="caution">
            Shopify has not granted Margin Guardrail permission to manage discounts (write_discounts): grant it on the
            Code rules page to deactivate a code from here.
          </Text>
        ) : null}
        {codes.length === 0 ? (
          <Card>
            <Text as="p">No order has used a discount code yet.</Text>
          </Card>
        ) : (
          codes.map((code) => <CodeCard key={code.code} code={code} flags={flags} needsPermission={needsPermission} />)
        )}
      </BlockStack>
    </AdminPage>
  );
}
