import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotFoundScreen } from "../components/NotFoundScreen";
import { StandaloneProvider } from "../components/StandaloneProvider";

export const meta: MetaFunction = () => [{ title: "404 Page Not Found · Margin Guardrail" }];

/** Unknown paths, in both modes: embedded requests are sent back to the dashboard. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const embedded = url.searchParams.has("shop") || url.searchParams.has("host");
  const homeUrl = embedded ? `/dashboard?${url.searchParams.toString()}` : "/";
  return data({ homeUrl }, { status: 404 });
};

export default function NotFound() {
  const { homeUrl } = useLoaderData<typeof loader>();
  return (
    <StandaloneProvider>
      <NotFoundScreen homeUrl={homeUrl} />
    </StandaloneProvider>
  );
}
