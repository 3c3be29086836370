import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, FormLayout, InlineGrid, Text, TextField } from "@shopify/polaris";
import { HoneypotField } from "../components/HoneypotField";
import { useField } from "../components/form-fields";
import { LegalPage } from "../components/marketing/LegalPage";
import { marketingLinks } from "../components/marketing/links";
import { supportSchema } from "../forms/contact";
import {
  deliverContactRequest,
  honeypotRefusal,
  rateLimitRefusal,
  shopDomainFrom,
} from "../services/contact/messages.server";
import { publicContact } from "../services/contact/public-contact.server";
import { clientAddress } from "../http/client-address";
import { InputRefusal, readForm } from "../http/request-body.server";

export const links = marketingLinks;
export const meta: MetaFunction = () => [{ title: "Support · Margin Guardrail" }];
export const loader = () => publicContact();

type Notice = { tone: "success" | "critical"; message: string };

export const action = async ({ request, context }: ActionFunctionArgs) => {
  let formData: FormData;
  try {
    formData = await readForm(request);
  } catch (error) {
    if (!(error instanceof InputRefusal)) throw error;
    return data({ result: undefined, notice: { tone: "critical", message: error.message } as Notice }, { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: supportSchema });
  const refuse = (status: number, message: string) =>
    data({ result: submission.reply(), notice: { tone: "critical", message } as Notice }, { status });
  const honeypot = honeypotRefusal(Object.fromEntries(formData));
  if (honeypot) return refuse(honeypot.status, honeypot.message);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), notice: null }, { status: 400 });
  }
  const limited = await rateLimitRefusal("support", clientAddress(context));
  if (limited) return refuse(limited.status, limited.message);
  const shop = shopDomainFrom(new URL(request.url).searchParams.get("shop"));
  const delivery = await deliverContactRequest("support", submission.value, shop);
  if (!delivery.ok) return refuse(delivery.error.status, delivery.error.message);
  return data({
    result: submission.reply({ resetForm: true }),
    notice: { tone: "success", message: delivery.value } as Notice,
  });
};

export default function Support() {
  const { supportEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
  // a message sent empties the form: the action's answer resets it (conform's resetForm)
  const [form, fields] = useForm({
    id: "support",
    lastResult: actionData?.result,
    constraint: getZodConstraint(supportSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: supportSchema }),
  });
  const name = useField(fields.name);
  const email = useField(fields.email);
  const subject = useField(fields.subject);
  const message = useField(fields.message);

  return (
    <LegalPage title="Support" dated={false}>
      <InlineGrid columns={{ xs: 1, md: "1fr 2fr" }} gap="600">
        <section aria-label="Contact information">
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Contact information
            </Text>
            <Text as="p">
              E-mail: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </Text>
            <Text as="p">Hours: Mon–Fri 9am–5pm CST</Text>
            <Text as="p">We respond within 24 business hours.</Text>
          </BlockStack>
        </section>
        <Card>
          <Form method="post" {...getFormProps(form)}>
            <BlockStack gap="400">
              <Text as="h2" variant="headingMd">
                Send us a message
              </Text>
              {actionData?.notice ? <Banner tone={actionData.notice.tone}>{actionData.notice.message}</Banner> : null}
              <FormLayout>
                <TextField label="Name" {...name.textField} requiredIndicator />
                <TextField label="Email" type="email" {...email.textField} requiredIndicator />
                <TextField label="Subject" {...subject.textField} requiredIndicator />
                <TextField label="Message" multiline={5} {...message.textField} requiredIndicator />
                <HoneypotField />
                <Button submit variant="primary" loading={sending}>
                  Send message
                </Button>
              </FormLayout>
            </BlockStack>
          </Form>
        </Card>
      </InlineGrid>
    </LegalPage>
  );
}
