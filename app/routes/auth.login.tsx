// /auth/login: where the library sends a merchant who must log in; the same form as /auth.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { InstallPage } from "../components/marketing/InstallPage";
import { marketingLinks } from "../components/marketing/links";
import { installEntry } from "../services/shops/install.server";

export const links = marketingLinks;
export const meta: MetaFunction = () => [{ title: "Install · Margin Guardrail" }];
export const loader = ({ request }: LoaderFunctionArgs) => installEntry(request);
export const action = ({ request }: ActionFunctionArgs) => installEntry(request);
export default InstallPage;
