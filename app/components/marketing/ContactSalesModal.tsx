import { getFormProps } from "@conform-to/react";
import { useFetcherForm } from "../useFetcherForm";
import { Banner, BlockStack, FormLayout, Modal, TextField } from "@shopify/polaris";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { CONTACT_FAILURE, contactSalesSchema } from "../../forms/contact";
import { HoneypotField } from "../HoneypotField";
import { useField, type Field } from "../form-fields";

interface ApiAnswer {
  success: boolean;
  message: string;
  errors?: Record<string, string[]>;
}

/** Contact Sales (docs/product.md#support): posts to /api/contact-sales. */
export function ContactSalesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<ApiAnswer>();
  const sending = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [form, fields] = useFetcherForm({
    id: "contact-sales",
    schema: contactSalesSchema,
    fetcher,
    action: "/api/contact-sales",
  });

  const name = useField(fields.name);
  const email = useField(fields.email);
  const storeName = useField(fields.storeName);
  const message = useField(fields.message);
  // a request sent empties the form (the API's answer is not conform's, so it is not reset for us)
  const { change: setName } = name;
  const { change: setEmail } = email;
  const { change: setStoreName } = storeName;
  const { change: setMessage } = message;
  useEffect(() => {
    if (!answer?.success) return;
    for (const clear of [setName, setEmail, setStoreName, setMessage]) clear("");
  }, [answer, setName, setEmail, setStoreName, setMessage]);

  const missingRequired = !name.value.trim() || !email.value.trim() || !message.value.trim();
  /** a field's props, with the API's error when conform has none */
  const field = (control: Field, fieldName: keyof NonNullable<ApiAnswer["errors"]>) => ({
    ...control.textField,
    error: control.textField.error ?? answer?.errors?.[fieldName]?.[0],
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
              <TextField label="Name" {...field(name, "name")} requiredIndicator />
              <TextField label="Email" {...field(email, "email")} type="email" requiredIndicator />
              <TextField label="Store name" {...field(storeName, "storeName")} />
              <TextField label="Message" {...field(message, "message")} multiline={4} requiredIndicator />
              <HoneypotField />
            </FormLayout>
          </form>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
