import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "../components/marketing/LegalPage";
import { marketingLinks } from "../components/marketing/links";
import { publicContact } from "../services/contact/public-contact.server";

export const links = marketingLinks;
export const meta: MetaFunction = () => [{ title: "Data Deletion · Margin Guardrail" }];
export const loader = () => publicContact();

export default function DataDeletion() {
  const { supportEmail } = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Data Deletion">
      <h2>When you uninstall</h2>
      <ul>
        <li>Your store&apos;s Shopify access tokens are deleted at once, so the app can read nothing more.</li>
        <li>
          Every record of your store, including rules, settings, audit events, cached product costs, alert history and
          messages, is deleted within 30 days after uninstall. Shopify asks us to delete it 48 hours after uninstall,
          and we do it then.
        </li>
        <li>Reinstalling within those 48 hours finds your rules and settings as you left them.</li>
      </ul>
      <h2>Asking for deletion</h2>
      <p>
        To have your store&apos;s data deleted sooner, or while the app stays installed, e-mail{" "}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a> from the store owner&apos;s address with your shop domain
        (your-store.myshopify.com). We confirm the deletion within 5 business days.
      </p>
      <h2>Your customers&apos; data</h2>
      <p>
        The app keeps no customer names or contact details, only the Shopify customer id on audit events. When a
        customer asks you to erase their data, Shopify forwards the request to us and we remove their id from your audit
        events automatically.
      </p>
    </LegalPage>
  );
}
