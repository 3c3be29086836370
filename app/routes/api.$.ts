import { jsonError } from "../http/api.server";

// Any /api path without a route of its own: a JSON 404, for every method.
const notFound = ({ request }: { request: Request }) =>
  jsonError(404, `No API route at ${new URL(request.url).pathname}`);

export const loader = notFound;
export const action = notFound;
