import { formProblem, jsonProblem } from "./input-limits";

/** Input refused before it reached a schema: the status and a message naming the problem. */
export class InputRefusal extends Error {
  constructor(
    readonly status: 400 | 415,
    message: string,
  ) {
    super(message);
    this.name = "InputRefusal";
  }
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

export const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A form body, checked against the input limits before any parser expands it. Throws an
 * InputRefusal for another content type, a body that does not parse, or a form beyond the
 * limits (a huge list index, too many fields, text that is not valid Unicode).
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.includes(mediaType(request))) {
    throw new InputRefusal(400, "Send this form as application/x-www-form-urlencoded or multipart/form-data");
  }
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw new InputRefusal(400, "The form body could not be read");
  }
  const problem = formProblem(formData.entries());
  if (problem) throw new InputRefusal(400, problem);
  return formData;
}

/** A JSON object body, checked against the input limits (depth, sizes, keys, Unicode). */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  if (mediaType(request) !== "application/json") {
    throw new InputRefusal(415, "Send a JSON body with Content-Type: application/json");
  }
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    throw new InputRefusal(400, "The request body is not valid JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new InputRefusal(400, "The request body must be a JSON object");
  }
  const problem = jsonProblem(body);
  if (problem) throw new InputRefusal(400, problem);
  return body as Record<string, unknown>;
}

/** A JSON object, or a form's fields as one (the public contact API and the plan buttons take both). */
export async function readJsonOrForm(request: Request): Promise<Record<string, unknown>> {
  if (mediaType(request) === "application/json") return readJson(request);
  return Object.fromEntries(await readForm(request));
}
