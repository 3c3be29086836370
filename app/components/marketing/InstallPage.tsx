import { BlockStack, Box, Button, Card, Text, TextField } from "@shopify/polaris";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { InstallPageData } from "../../services/shops/install.server";
import { MarketingLayout } from "./MarketingLayout";

/** The shop-domain form that starts Shopify's install. */
export function InstallPage() {
  const loaded = useLoaderData<InstallPageData>();
  const acted = useActionData<InstallPageData>();
  const data = acted ?? loaded;
  const [shop, setShop] = useState(data?.shop ?? "");
  const submitting = useNavigation().state === "submitting";
  return (
    <MarketingLayout headerActions={<></>}>
      <Box paddingBlock="1600" paddingInline="400">
        <div style={{ maxWidth: 480, margin: "0 auto" }}>
          <Card>
            <Form method="post">
              <BlockStack gap="400">
                <Text as="h1" variant="headingXl">
                  Install Margin Guardrail
                </Text>
                <Text as="p" tone="subdued">
                  Enter your store&apos;s Shopify domain. Shopify will ask you to approve the install.
                </Text>
                <TextField
                  type="text"
                  name="shop"
                  label="Shop domain"
                  helpText="your-store.myshopify.com"
                  value={shop}
                  onChange={setShop}
                  autoComplete="on"
                  error={data?.error}
                />
                <Button submit variant="primary" loading={submitting}>
                  Install app
                </Button>
              </BlockStack>
            </Form>
          </Card>
        </div>
      </Box>
    </MarketingLayout>
  );
}
