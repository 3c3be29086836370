import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "../components/marketing/LegalPage";
import { marketingLinks } from "../components/marketing/links";
import { PLANS } from "../domain/billing/plans";
import { publicContact } from "../services/contact/public-contact.server";

export const links = marketingLinks;
export const meta: MetaFunction = () => [{ title: "Terms of Service · Margin Guardrail" }];
export const loader = () => publicContact();

export default function TermsOfService() {
  const { supportEmail } = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Terms of Service">
      <p>
        These terms govern your use of Margin Guardrail (&quot;the app&quot;), a Shopify app that monitors the discounts
        on your store&apos;s orders. By installing the app you accept them on behalf of your store.
      </p>
      <h2>The service</h2>
      <p>
        The app compares each order Shopify reports to it with the rules you set, records breaches in an audit log,
        sends the alerts you configure and shows the value protected. On the Plus plan, when available, it can also
        block breaching checkouts with a Shopify Function. Alerts and figures are information to help you act: the app
        does not change or cancel orders, and it can only check orders that Shopify delivers to it.
      </p>
      <h2>Plans and billing</h2>
      <ul>
        <li>
          {PLANS.free.name} costs nothing. {PLANS.core.name} costs ${PLANS.core.priceUsd} and {PLANS.plus.name} $
          {PLANS.plus.priceUsd} (coming soon) every 30 days.
        </li>
        <li>
          Charges are made through Shopify&apos;s billing and appear on your Shopify invoice. You approve each
          subscription in Shopify before it starts.
        </li>
        <li>
          You can downgrade or uninstall at any time; the subscription ends then and is not refunded for the remaining
          days, except where the law requires it.
        </li>
      </ul>
      <h2>Your responsibilities</h2>
      <ul>
        <li>You choose the rules, thresholds and alert recipients, and you decide what to do with an alert.</li>
        <li>You keep product costs in Shopify accurate if you use margin rules.</li>
        <li>
          You do not use the app to break Shopify&apos;s terms or the law, or try to access other stores&apos; data.
        </li>
      </ul>
      <h2>Availability and changes</h2>
      <p>
        We work to keep the app available and to process every order Shopify sends, but we do not promise uninterrupted
        service. We may change features; we will tell you in advance of a change that reduces what your paid plan
        includes.
      </p>
      <h2>Data</h2>
      <p>
        Our <a href="/privacy-policy">Privacy Policy</a> says what data the app uses and how it is deleted. Your
        store&apos;s data stays yours.
      </p>
      <h2>Limitation of liability</h2>
      <p>
        The app is provided &quot;as is&quot;. To the extent the law allows, we are not liable for lost profits, lost
        discounts or indirect damages, and our total liability for any claim is limited to the fees you paid for the app
        in the 3 months before the claim arose.
      </p>
      <h2>Ending</h2>
      <p>
        You can stop using the app at any time by uninstalling it. We may suspend a store that misuses the service,
        after notice where possible. Deletion after uninstall follows the Data Deletion page.
      </p>
      <h2>Contact</h2>
      <p>
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
      </p>
    </LegalPage>
  );
}
