import type { ActionFunctionArgs } from "@remix-run/node";
import { handleContactApi } from "../http/contact-api.server";

export const action = ({ request, context }: ActionFunctionArgs) => handleContactApi("support", request, context);
