import type { LinksFunction } from "@remix-run/node";
import marketingStyles from "../../styles/marketing.css";

export const marketingLinks: LinksFunction = () => [{ rel: "stylesheet", href: marketingStyles }];
