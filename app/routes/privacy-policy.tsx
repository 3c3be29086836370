import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "../components/marketing/LegalPage";
import { marketingLinks } from "../components/marketing/links";
import { publicContact } from "../services/contact/public-contact.server";

export const links = marketingLinks;
export const meta: MetaFunction = () => [{ title: "Privacy Policy · Margin Guardrail" }];
export const loader = () => publicContact();

export default function PrivacyPolicy() {
  const { supportEmail } = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Privacy Policy">
      <p>
        Margin Guardrail is a Shopify app that checks the discounts on a store&apos;s orders against rules the merchant
        sets. This policy says what the app reads from your store, why, where it is kept and how to have it deleted. It
        applies to the app and to this website.
      </p>
      <h2>What we read from Shopify</h2>
      <ul>
        <li>
          <strong>Your shop:</strong> its domain, name, currency, time zone and the Margin Guardrail plan you are on.
        </li>
        <li>
          <strong>Orders:</strong> for each new or edited order, its id and number, the customer&apos;s Shopify id, the
          line items (product variant, quantity, price, collection), the discount codes and discount applications, and
          the order&apos;s totals and payment gateway, and for an order with a discount code, the country it ships to
          (to spot leaked codes). We do not store customers&apos; names, street addresses, e-mail addresses, phone
          numbers or payment details.
        </li>
        <li>
          <strong>Product costs:</strong> the unit cost of the variants in your orders (Shopify&apos;s inventory item
          cost), and when it changed, to compute margins for margin-floor rules at each order&apos;s date.
        </li>
        <li>
          <strong>Discounts and validations:</strong> your discounts&apos; codes, values, combinations, dates and limits
          (for code rules and the promotion preflight), and the checkout validation that blocks breaching checkouts on
          the Plus plan.
        </li>
      </ul>
      <h2>What you give us</h2>
      <ul>
        <li>Your rules and settings: thresholds, stacking and blocking settings.</li>
        <li>
          Alert settings: recipient e-mail addresses, a Slack webhook URL, webhook URLs and, if you use your own mail
          server, its SMTP credentials. Secrets are encrypted at rest (AES-256-GCM).
        </li>
        <li>Messages you send to support or sales: your name, e-mail address, store name and message.</li>
      </ul>
      <h2>Why</h2>
      <p>
        Only to run the service: to evaluate each order&apos;s discounts against your rules, to record breaches in your
        audit log with the numbers behind them, to send the alerts you configured, to show the value protected, to bill
        through Shopify, and to answer your messages. We do not sell data, show advertising, or use your store&apos;s
        data to train models.
      </p>
      <h2>Where it is stored and who else sees it</h2>
      <p>
        Everything is stored in Margin Guardrail&apos;s database on the servers the app runs on, and is only reachable
        by the app and the people who operate it. Data leaves it only to do what you asked: alerts go to the e-mail
        provider that delivers our mail, to Slack and to the webhook addresses you entered; billing goes through
        Shopify.
      </p>
      <h2>How long we keep it, and deletion</h2>
      <p>
        Your data is kept while the app is installed. When you uninstall, your Shopify access is removed at once and
        every record of your shop (rules, settings, audit events, cached costs) is deleted within 30 days, usually 48
        hours after uninstall when Shopify asks us to. See <a href="/data-deletion">Data Deletion</a> for the details
        and how to ask for earlier deletion. Requests from your customers reach us through Shopify&apos;s privacy
        requests: on a redaction request we remove the customer&apos;s id from your audit events and discount code
        records; on a data request we gather what we hold about them for you.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about privacy: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </LegalPage>
  );
}
