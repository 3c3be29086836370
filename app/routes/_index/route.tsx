import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Badge, BlockStack, Box, Button, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ContactSalesModal } from "../../components/marketing/ContactSalesModal";
import { MarketingLayout } from "../../components/marketing/MarketingLayout";
import { PlanCard } from "../../components/PlanCard";
import { RoiCalculator } from "../../components/marketing/RoiCalculator";
import { marketingLinks } from "../../components/marketing/links";
import { useFramed } from "../../components/marketing/useFramed";
import { PLANS, PLAN_IDS, isComingSoon } from "../../domain/billing/plans";
import { getEnv } from "../../env.server";
import { FAQ, FEATURES, INTEGRATIONS, SAMPLE_FIGURES, STEPS, STORE_KINDS, TESTIMONIALS } from "./content";

export const links = marketingLinks;

export const meta: MetaFunction = () => [
  { title: "Margin Guardrail · Stop double discounts on Shopify" },
  {
    name: "description",
    content: "Catch discount stacking and margin leaks on every Shopify order. Alerts by e-mail, Slack and webhook.",
  },
];

/** `/` with shop or host is the embedded home (docs/product.md#modes); without, the public site. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const shop = url.searchParams.get("shop");
  // the billing error page's 'Reconnect Store': Shopify's login for the shop, again
  if (shop && url.searchParams.get("force_oauth") === "1") {
    throw redirect(`/auth/login?${new URLSearchParams({ shop }).toString()}`);
  }
  if (shop !== null || url.searchParams.has("host")) {
    throw redirect(`/dashboard?${url.searchParams.toString()}`);
  }
  return { plusEnabled: getEnv().plusPlanEnabled };
};

function Section({
  id,
  title,
  children,
  band,
}: {
  id?: string;
  title: string;
  children: React.ReactNode;
  band?: boolean;
}) {
  const inner = (
    <section id={id} aria-label={title} className="mg-section">
      <BlockStack gap="600">
        <Text as="h2" variant="headingXl" alignment="center">
          {title}
        </Text>
        {children}
      </BlockStack>
    </section>
  );
  return band ? <div className="mg-band">{inner}</div> : inner;
}

function TitledCards({ items }: { items: { title: string; body: string }[] }) {
  return (
    <InlineGrid columns={{ xs: 1, sm: 2, lg: 4 }} gap="400">
      {items.map((item) => (
        <Card key={item.title}>
          <BlockStack gap="200">
            <Text as="h3" variant="headingMd">
              {item.title}
            </Text>
            <Text as="p">{item.body}</Text>
          </BlockStack>
        </Card>
      ))}
    </InlineGrid>
  );
}

export default function Landing() {
  const { plusEnabled } = useLoaderData<typeof loader>();
  const framed = useFramed();
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <MarketingLayout>
      <section className="mg-section mg-hero" aria-label="Introduction">
        <div>
          <h1>Stop double discounts before they eat your margin</h1>
          <p className="lead">
            Margin Guardrail checks every Shopify order&apos;s discounts against your rules, alerts your team the moment
            promotions stack, and shows the margin you kept.
          </p>
          <InlineStack gap="300">
            {framed ? null : (
              <Button variant="primary" size="large" url="/auth">
                Start free
              </Button>
            )}
            <Button size="large" url="/demo">
              Watch 2-min demo
            </Button>
          </InlineStack>
        </div>
        <Card>
          <BlockStack gap="300">
            <InlineStack align="space-between" blockAlign="center">
              <Text as="h2" variant="headingMd">
                A month on one store
              </Text>
              <Badge>Illustrative</Badge>
            </InlineStack>
            <InlineGrid columns={2} gap="300">
              {SAMPLE_FIGURES.map((figure) => (
                <Box key={figure.label} padding="300" background="bg-surface-secondary" borderRadius="200">
                  <Text as="p" variant="headingLg" numeric>
                    {figure.value}
                  </Text>
                  <Text as="p" tone="subdued">
                    {figure.label}
                  </Text>
                </Box>
              ))}
            </InlineGrid>
            <Text as="p" variant="bodySm" tone="subdued">
              Sample numbers for illustration, not a customer&apos;s results.
            </Text>
          </BlockStack>
        </Card>
      </section>

      <div className="mg-band">
        <section className="mg-section" aria-label="Trusted by" style={{ paddingBlock: 24 }}>
          <BlockStack gap="300" inlineAlign="center">
            <Text as="p" tone="subdued">
              Made for Shopify stores that run promotions every week
            </Text>
            <div className="mg-strip">
              {STORE_KINDS.map((kind) => (
                <span key={kind}>{kind}</span>
              ))}
            </div>
          </BlockStack>
        </section>
      </div>

      <Section id="features" title="Everything between a promotion and your margin">
        <TitledCards items={FEATURES} />
      </Section>

      <Section title="How it works" band>
        <div className="mg-steps">
          {STEPS.map((step, index) => (
            <Card key={step.title}>
              <BlockStack gap="200">
                <span className="mg-step-number">{index + 1}</span>
                <Text as="h3" variant="headingMd">
                  {step.title}
                </Text>
                <Text as="p">{step.body}</Text>
              </BlockStack>
            </Card>
          ))}
        </div>
      </Section>

      <Section id="roi" title="What stacking costs you">
        <RoiCalculator plusEnabled={plusEnabled} />
      </Section>

      <Section id="pricing" title="Pricing" band>
        <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
          {PLAN_IDS.map((id) => (
            <PlanCard key={id} plan={id} name={`${PLANS[id].name} plan`} comingSoon={isComingSoon(id, plusEnabled)}>
              {isComingSoon(id, plusEnabled) ? (
                <Button disabled>Coming Soon</Button>
              ) : framed ? null : (
                <Button variant={id === "core" ? "primary" : "secondary"} url="/auth">
                  {id === "free" ? "Start free" : `Choose ${PLANS[id].name}`}
                </Button>
              )}
            </PlanCard>
          ))}
        </InlineGrid>
        <InlineStack align="center">
          <Button variant="plain" onClick={() => setContactOpen(true)}>
            Contact Sales
          </Button>
        </InlineStack>
      </Section>

      <Section title="Integrations">
        <TitledCards items={INTEGRATIONS} />
      </Section>

      <Section title="Testimonials" band>
        <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
          {TESTIMONIALS.map((testimonial) => (
            <figure key={testimonial.who} aria-label={testimonial.who} style={{ margin: 0 }}>
              <Card>
                <BlockStack gap="300">
                  <Text as="p">“{testimonial.quote}”</Text>
                  <Text as="p" tone="subdued">
                    {testimonial.who}
                  </Text>
                </BlockStack>
              </Card>
            </figure>
          ))}
        </InlineGrid>
        <Text as="p" variant="bodySm" tone="subdued" alignment="center">
          Illustrative: the situations these quotes describe are the ones Margin Guardrail was built for.
        </Text>
      </Section>

      <Section id="faq" title="FAQ">
        <div className="mg-faq">
          {FAQ.map((item) => (
            <details key={item.q}>
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </div>
      </Section>

      <ContactSalesModal open={contactOpen} onClose={() => setContactOpen(false)} />
    </MarketingLayout>
  );
}
