/**
 * The app's Admin GraphQL operations as types, from what codegen generated (admin.generated.d.ts,
 * npm run graphql:codegen; docs/testing.md#typed-admin-graphql): by document, for admin.graphql and
 * adminGraphqlData, and by operation name, for the stand-ins of Shopify (the demo's and the tests'
 * fake), so an answer that drifts from the real shape is a type error.
 */
import type { AdminMutations, AdminQueries } from "@shopify/admin-api-client";

/**
 * The members a codegen'd map names: admin.generated.d.ts adds each `#graphql` document to
 * @shopify/admin-api-client's AdminQueries and AdminMutations, which also take any string.
 */
type Named<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : symbol extends K ? never : K]: T[K];
};
type Operations = Named<AdminQueries> & Named<AdminMutations>;

/** One of the app's Admin operations: a `#graphql` document's exact text. Any other string is a type error. */
export type AdminOperation = keyof Operations;
/** The `data` Shopify answers an operation with. */
export type AdminData<Q extends AdminOperation> = Operations[Q]["return"];
/** An operation's variables. */
export type AdminVariables<Q extends AdminOperation> = Operations[Q]["variables"];

type TrimStart<S extends string> = S extends `${" " | "\n" | "\t"}${infer Rest}` ? TrimStart<Rest> : S;
type FirstWord<S extends string> = S extends `${infer Word}${"(" | " " | "{" | "\n"}${string}`
  ? Word extends `${string}${"(" | " " | "{" | "\n"}${string}`
    ? never
    : Word
  : S;
type Body<Q extends string> = Q extends `#graphql${infer Rest}` ? TrimStart<Rest> : never;
/** The operation name of a document: `query Name(...` gives `Name`. */
export type OperationName<Q extends string> =
  Body<Q> extends `query ${infer Rest}`
    ? FirstWord<TrimStart<Rest>>
    : Body<Q> extends `mutation ${infer Rest}`
      ? FirstWord<TrimStart<Rest>>
      : never;

/** Each operation by its name: the data it answers and its variables. */
export type AdminOperationsByName = {
  [Q in AdminOperation as OperationName<Q>]: { data: AdminData<Q>; variables: AdminVariables<Q> };
};
export type AdminOperationName = keyof AdminOperationsByName;
