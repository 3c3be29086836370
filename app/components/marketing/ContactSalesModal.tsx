import { getFormProps } from "@conform-to/react";
import { useFetcherForm } from "../useFetcherForm";
import { Banner, BlockStack, FormLayout, Modal, TextField } from "@shopify/polaris";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CONTACT_FAILURE, contactSalesSchema } from "../../forms/contact";
import { HoneypotField } from "../HoneypotField";
import { fieldError } from "../form-fields";
import { useReturnFocus } from "../useReturnFocus";

interface ApiAnswer {
  success: boolean;
  message: string;
  errors?: Record<string, string[]>;
}

type Values = { name: string; email: string; storeName: string; message: string };
const EMPTY: Values = { name: "", email: "", storeName: "", message: "" };

/**
 * Contact Sales (docs/product.md#support): posts to /api/contact-sales. Its fields keep their
 * values in state, not through components/form-fields.tsx: the form is drawn only while the
 * dialog is open, and useInputControl needs it in the page when it starts
 * (docs/architecture.md#a-page-form).
 */
export function ContactSalesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<ApiAnswer>();
  const [values, setValues] = useState<Values>(EMPTY);
  const sending = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [form, fields] = useFetcherForm({
    id: "contact-sales",
    schema: contactSalesSchema,
    fetcher,
    action: "/api/contact-sales",
  });

  useEffect(() => {
    if (answer?.success) setValues(EMPTY);
  }, [answer]);

  // Close and Escape give focus back to the Contact Sales button
  useReturnFocus(open);

  const missingRequired = !values.name.trim() || !values.email.trim() || !values.message.trim();
  const field = (name: keyof Values) => ({
    id: fields[name].id,
    name: fields[name].name,
    error: fieldError(fields[name], answer?.errors?.[name]?.[0]),
    autoComplete: "off",
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
  });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Contact Sales"
      primaryAction={{
        content: sending ? "Sending..." : "Send",
        disabled: sending || missingRequired,
        loading: sending,
        onAction: () => (document.getElementById(form.id) as HTMLFormElement | null)?.requestSubmit(),
      }}
      secondaryActions={[{ content: "Close", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {answer?.success ? <Banner tone="success">{answer.message}</Banner> : null}
          {answer && !answer.success ? <Banner tone="critical">{answer.message || CONTACT_FAILURE}</Banner> : null}
          <form {...getFormProps(form)}>
            <FormLayout>
              <TextField label="Name" {...field("name")} requiredIndicator />
              <TextField label="Email" {...field("email")} type="email" requiredIndicator />
              <TextField label="Store name" {...field("storeName")} />
              <TextField label="Message" {...field("message")} multiline={4} requiredIndicator />
              <HoneypotField />
            </FormLayout>
          </form>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
