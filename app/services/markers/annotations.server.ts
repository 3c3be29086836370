/**
 * Shopify's analytics annotations as the chart markers use them
 * (docs/product.md#markers-on-shopifys-charts): create, update and delete one annotation the app
 * made (Admin API 2026-10, `write_analytics_annotations`). Each call answers what Shopify did, or
 * its userErrors with their codes (LIMIT_REACHED: the app's cap of annotations on the shop;
 * NOT_FOUND: no annotation of the app's by that id); a GraphQL or HTTP failure throws.
 */
import type { WantedMarker } from "../../domain/markers/chart-markers";
import { MARKER_TYPE } from "../../domain/markers/chart-markers";
import { adminGraphqlData, userErrorText, type AdminGraphql } from "../admin-api/admin-graphql.server";

export const MARKER_CREATE = `#graphql
  mutation MarginGuardrailMarkerCreate($input: AnalyticsAnnotationCreateInput!) {
    analyticsAnnotationCreate(input: $input) {
      analyticsAnnotation { id }
      userErrors { field message code }
    }
  }`;

export const MARKER_UPDATE = `#graphql
  mutation MarginGuardrailMarkerUpdate($id: ID!, $input: AnalyticsAnnotationUpdateInput!) {
    analyticsAnnotationUpdate(id: $id, input: $input) {
      analyticsAnnotation { id }
      userErrors { field message code }
    }
  }`;

export const MARKER_DELETE = `#graphql
  mutation MarginGuardrailMarkerDelete($id: ID!) {
    analyticsAnnotationDelete(id: $id) {
      deletedId
      userErrors { field message code }
    }
  }`;

/** Shopify's answer to one call: done (with the annotation's id), or refused with its codes and words. */
export type AnnotationAnswer = { ok: true; id: string } | { ok: false; codes: string[]; message: string };

type Refusal = { field?: string[] | null; message: string; code?: string | null };

function refused(errors: Refusal[]): AnnotationAnswer {
  return {
    ok: false,
    codes: errors.flatMap((error) => (error.code ? [error.code] : [])),
    message: userErrorText(errors),
  };
}

/** A point-in-time marker: its type, title, description and start (no end). */
const inputOf = (marker: WantedMarker) => ({
  type: MARKER_TYPE,
  title: marker.title,
  description: marker.description,
  startedAt: marker.startedAt.toISOString(),
});

export async function createAnnotation(graphql: AdminGraphql, marker: WantedMarker): Promise<AnnotationAnswer> {
  const data = await adminGraphqlData(graphql, MARKER_CREATE, { input: inputOf(marker) });
  const { analyticsAnnotation, userErrors } = data.analyticsAnnotationCreate ?? { userErrors: [] };
  if (userErrors.length > 0 || !analyticsAnnotation) {
    return refused(userErrors.length ? userErrors : [{ message: "Shopify made no annotation" }]);
  }
  return { ok: true, id: analyticsAnnotation.id };
}

export async function updateAnnotation(
  graphql: AdminGraphql,
  id: string,
  marker: WantedMarker,
): Promise<AnnotationAnswer> {
  const data = await adminGraphqlData(graphql, MARKER_UPDATE, { id, input: inputOf(marker) });
  const { analyticsAnnotation, userErrors } = data.analyticsAnnotationUpdate ?? { userErrors: [] };
  if (userErrors.length > 0 || !analyticsAnnotation) {
    return refused(userErrors.length ? userErrors : [{ message: "Shopify changed no annotation" }]);
  }
  return { ok: true, id: analyticsAnnotation.id };
}

export async function deleteAnnotation(graphql: AdminGraphql, id: string): Promise<AnnotationAnswer> {
  const data = await adminGraphqlData(graphql, MARKER_DELETE, { id });
  const { deletedId, userErrors } = data.analyticsAnnotationDelete ?? { userErrors: [] };
  if (userErrors.length > 0 || !deletedId) {
    return refused(userErrors.length ? userErrors : [{ message: "Shopify deleted no annotation" }]);
  }
  return { ok: true, id: deletedId };
}
