/**
 * A query's requested cost as Shopify's Admin API counts it before running it, by its documented
 * defaults (shopify.dev, "GraphQL Admin API rate limits"): a scalar or enum costs 0, an object 1, an
 * interface or union the most of its possible selections, and a connection 2 plus `first` (or `last`)
 * times what one of its nodes costs. A plain list of objects is counted as one object, as the
 * defaults give it no size; a connection's pageInfo is counted as an object. Shopify refuses a query
 * whose requested cost passes 1,000 points (docs/architecture.md#a-backtest).
 */
import {
  getNamedType,
  isAbstractType,
  isCompositeType,
  isObjectType,
  Kind,
  parse,
  valueFromAST,
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
} from "graphql";

/** Shopify's ceiling on one query's requested cost. */
export const MAX_QUERY_COST = 1000;

/** The requested cost of `query` with `variables` against `schema`. */
export function requestedQueryCost(
  schema: GraphQLSchema,
  query: string,
  variables: Record<string, unknown> = {},
): number {
  const operation = parse(query).definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) throw new Error("no operation in the document");
  const root = operation.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
  if (!root) throw new Error(`the schema has no ${operation.operation} type`);

  const argument = (field: GraphQLField<unknown, unknown>, node: FieldNode, name: string): unknown => {
    const definition = field.args.find((arg) => arg.name === name);
    const given = node.arguments?.find((arg) => arg.name.value === name);
    return definition && given ? valueFromAST(given.value, definition.type, variables) : undefined;
  };

  /** The fields of `set` that apply to the object type `member` (inline fragments on it or on `on`). */
  const fieldsFor = (member: GraphQLObjectType, on: GraphQLNamedType, set: SelectionSetNode): FieldNode[] =>
    set.selections.flatMap((selection) => {
      if (selection.kind === Kind.FIELD) return [selection];
      if (selection.kind !== Kind.INLINE_FRAGMENT) throw new Error("named fragments are not counted");
      const condition = selection.typeCondition?.name.value;
      return !condition || condition === member.name || condition === on.name
        ? fieldsFor(member, on, selection.selectionSet)
        : [];
    });

  /** What the selections under one value of `type` cost. */
  const below = (type: GraphQLNamedType, set: SelectionSetNode | undefined): number => {
    if (!set || !isCompositeType(type)) return 0;
    const members = isAbstractType(type) ? schema.getPossibleTypes(type) : isObjectType(type) ? [type] : [];
    return Math.max(
      0,
      ...members.map((member) => fieldsFor(member, type, set).reduce((sum, node) => sum + fieldCost(member, node), 0)),
    );
  };

  const fieldCost = (parent: GraphQLObjectType, node: FieldNode): number => {
    if (node.name.value.startsWith("__")) return 0;
    const field = parent.getFields()[node.name.value];
    if (!field) throw new Error(`${parent.name} has no field ${node.name.value}`);
    const type = getNamedType(field.type);
    if (!isCompositeType(type)) return 0;
    const size = argument(field, node, "first") ?? argument(field, node, "last");
    if (!(isObjectType(type) && type.name.endsWith("Connection") && size !== undefined)) {
      return 1 + below(type, node.selectionSet);
    }
    // a connection: 2, its own objects (pageInfo) once, and `size` times a node
    let cost = 2;
    for (const part of fieldsFor(type, type, node.selectionSet!)) {
      const partField = type.getFields()[part.name.value];
      if (!partField) throw new Error(`${type.name} has no field ${part.name.value}`);
      const partType = getNamedType(partField.type);
      if (part.name.value === "nodes") cost += Number(size) * (1 + below(partType, part.selectionSet));
      else if (part.name.value === "edges" && isObjectType(partType)) {
        const edgeNode = fieldsFor(partType, partType, part.selectionSet!).find((edge) => edge.name.value === "node");
        const nodeType = getNamedType(partType.getFields().node.type);
        cost += Number(size) * (1 + (edgeNode ? below(nodeType, edgeNode.selectionSet) : 0));
      } else if (isCompositeType(partType)) cost += 1 + below(partType, part.selectionSet);
    }
    return cost;
  };

  return below(root, operation.selectionSet);
}
