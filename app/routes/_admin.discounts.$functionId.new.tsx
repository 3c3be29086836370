import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, InlineStack, List, Text } from "@shopify/polaris";
import { useCallback } from "react";
import { AdminPage } from "../components/AdminPage";
import { withEmbeddedQuery } from "../components/admin-nav";
import { DiscountNotFound, DiscountUnreachable } from "../components/DiscountPageScreens";
import { useActionFetcher } from "../components/useActionFetcher";
import { discountDetailsPath, parseFunctionId } from "../domain/code-rules/discount-paths";
import { pageAction, plainIntent } from "../http/page-action.server";
import type { PageActionResult } from "../forms/page-action";
import { fail, ok } from "../domain/result";
import { actionClientOf } from "../services/actions/admin-client.server";
import { CODE_RULES_NEED_CORE, CODES_DISCOUNT_TITLE, getCodeRules } from "../services/code-rules/code-rules.server";
import {
  createCodeRulesDiscount,
  isCodesFunction,
  lacksDiscountScope,
  NEEDS_WRITE_DISCOUNTS,
} from "../services/code-rules/discount-pages.server";
import { requireAdmin, type AdminContext } from "../services/shops/admin-context.server";

/**
 * /discounts/:functionId/new: the page Shopify's Discounts page opens for "Create discount" with
 * the code rules' Function (its `[extensions.ui.paths]` create path; docs/discount-apps.md,
 * docs/product.md#shopifys-discounts-page). A shop has one code-rules discount: the page
 * says what it is and creates it (Core and Plus, write_discounts granted), or leads to it.
 * A Function that is not the code rules' gets the not-found screen (404).
 */

export const meta: MetaFunction = () => [{ title: "Create discount · Margin Guardrail" }];

export const loader = async ({ request, params, context: load }: LoaderFunctionArgs) => {
  const context = await requireAdmin(request, load);
  const functionId = parseFunctionId(params.functionId);
  if (!functionId) return data({ page: "not-found" as const }, { status: 404 });
  const ours = await isCodesFunction(actionClientOf(context), functionId);
  if (!ours.ok) return data({ page: "unreachable" as const, message: ours.error.message }, { status: 502 });
  if (!ours.value) return data({ page: "not-found" as const }, { status: 404 });
  const codeRules = await getCodeRules({ id: context.shop.id, plan: context.plan });
  // the texts come from server modules, which the browser's bundle does not have
  return data({
    page: "create" as const,
    title: CODES_DISCOUNT_TITLE,
    coreOnly: CODE_RULES_NEED_CORE,
    permissionNote: NEEDS_WRITE_DISCOUNTS,
    available: codeRules.available,
    needsPermission: lacksDiscountScope(context),
    demo: context.demo,
    existing: codeRules.discountId ? discountDetailsPath(functionId, codeRules.discountId) : null,
  });
};

/** Where the created (or the existing) discount's page is. */
export type CreateDiscountResult = PageActionResult<{ detailsPath: string }>;

const NOT_OURS = "This is not Margin Guardrail's discount.";

// made inside a function: a route module's top level reaches the browser's bundle
const createAction = () =>
  pageAction<{ context: AdminContext; functionId: string | null }>(
    {
      createDiscount: plainIntent(
        { failure: "The discount was not created" },
        async (_form, { context, functionId }) => {
          if (!functionId) return fail(404, NOT_OURS);
          const client = actionClientOf(context);
          const ours = await isCodesFunction(client, functionId);
          if (!ours.ok) return ours;
          if (!ours.value) return fail(404, NOT_OURS);
          const outcome = await createCodeRulesDiscount(context, client, functionId);
          if (!outcome.ok) return outcome;
          const { created, detailsPath } = outcome.value;
          return ok({
            title: created ? "Discount created" : "Your store has this discount already",
            status: created ? 201 : 200,
            value: { detailsPath },
          });
        },
      ),
    },
    "The discount was not created",
  );

export const action = async ({ request, params }: ActionFunctionArgs) =>
  createAction()(request, { context: await requireAdmin(request), functionId: parseFunctionId(params.functionId) });

type CreateFetcher = ReturnType<typeof useActionFetcher<CreateDiscountResult>>;

function CreateCard({
  fetcher,
  available,
  needsPermission,
  coreOnly,
  permissionNote,
}: {
  fetcher: CreateFetcher;
  available: boolean;
  needsPermission: boolean;
  coreOnly: string;
  permissionNote: string;
}) {
  const { search } = useLocation();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Create the discount
        </Text>
        {!available && (
          <Banner
            tone="warning"
            title="Available on Core and Plus"
            action={{ content: "See plans", url: withEmbeddedQuery("/pricing", search) }}
          >
            <p>{coreOnly}</p>
          </Banner>
        )}
        {available && needsPermission && (
          <Banner tone="warning" title="Margin Guardrail needs permission to manage discounts">
            <p>{permissionNote}</p>
          </Banner>
        )}
        {answer && !answer.ok && answer.toast?.description && (
          <Banner tone="critical" title="The discount was not created">
            <p>{answer.toast.description}</p>
          </Banner>
        )}
        <Text as="p">
          Creating it turns no code away yet: set your rules on the Code rules page, and checkout follows them.
        </Text>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="createDiscount" />
          <InlineStack gap="300">
            <Button submit variant="primary" loading={busy}>
              Create discount
            </Button>
            <Button url={withEmbeddedQuery("/rules/code-rules", search)}>Set code rules</Button>
          </InlineStack>
        </fetcher.Form>
      </BlockStack>
    </Card>
  );
}

type CreatePageData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { page: "create" }>;

/**
 * The page itself: the create answer's fetcher lives here, not in the card, because the answer
 * reloads the page's data and the create card gives way to "already" before the answer settles.
 */
function CreatePage({ loaded }: { loaded: CreatePageData }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const onSuccess = useCallback(
    (result: CreateDiscountResult) => {
      if (result.value) navigate(withEmbeddedQuery(result.value.detailsPath, search));
    },
    [navigate, search],
  );
  const fetcher = useActionFetcher<CreateDiscountResult>("create-discount", onSuccess);
  return (
    <AdminPage
      title={loaded.title}
      description="One app discount per store: it gives no discount of its own, it turns discount codes away at checkout."
      backAction={{ content: "Code rules", url: "/rules/code-rules" }}
    >
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            What this discount does
          </Text>
          <List type="bullet">
            <List.Item>
              It runs Margin Guardrail's code rules at checkout: a code entered while the cart breaks one of your rules
              is turned away, with your message, before the customer pays.
            </List.Item>
            <List.Item>It gives no discount itself and combines with all your other discounts.</List.Item>
            <List.Item>Your store has one: its rules are set on the Code rules page, for every code at once.</List.Item>
          </List>
        </BlockStack>
      </Card>
      {loaded.existing ? (
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Your store has this discount already
            </Text>
            <Text as="p">There is nothing to create: open it to see its state, or change its rules.</Text>
            <InlineStack gap="300">
              <Button variant="primary" url={withEmbeddedQuery(loaded.existing, search)}>
                View the discount
              </Button>
              <Button url={withEmbeddedQuery("/rules/code-rules", search)}>Open code rules</Button>
            </InlineStack>
          </BlockStack>
        </Card>
      ) : (
        <CreateCard
          fetcher={fetcher}
          available={loaded.available}
          needsPermission={loaded.needsPermission}
          coreOnly={loaded.coreOnly}
          permissionNote={loaded.permissionNote}
        />
      )}
    </AdminPage>
  );
}

export default function CreateDiscount() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.page === "not-found") return <DiscountNotFound />;
  if (loaded.page === "unreachable") return <DiscountUnreachable message={loaded.message} />;
  return <CreatePage loaded={loaded} />;
}
