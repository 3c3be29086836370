import { ChoiceList, IndexFilters, IndexFiltersMode } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { AUDIT_EVENT_TYPES, AUDIT_EVENT_TYPE_LABELS, isAuditEventType } from "../../domain/audit/audit-events";
import { SEVERITY_BANDS, STACKING_SEVERITY_BANDS, isSeverity, type Severity } from "../../domain/severity";

export interface AuditFilters {
  q: string;
  type: string;
  severity: string;
}

/** How long typing rests before the search runs by itself (Enter runs it at once). */
const SEARCH_PAUSE_MS = 600;

/** The search box's label and placeholder (Polaris labels the query field with its placeholder). */
export const AUDIT_SEARCH_PLACEHOLDER = "Search by order, discount code or rule";

const TYPE_CHOICES = AUDIT_EVENT_TYPES.map((type) => ({ label: AUDIT_EVENT_TYPE_LABELS[type], value: type }));

function severityLabel(severity: Severity): string {
  return `${severity[0].toUpperCase()}${severity.slice(1)} and above`;
}

/**
 * Each minimum severity with its band (docs/product.md#rule-semantics) as the choice's help:
 * how far past its threshold a breach went, and for stacking how many discounts were combined.
 */
const SEVERITY_CHOICES = SEVERITY_BANDS.map((band) => {
  const stacking = STACKING_SEVERITY_BANDS.find((stack) => stack.severity === band.severity);
  return {
    label: severityLabel(band.severity),
    value: band.severity,
    helpText: stacking ? `${band.description}; stacking: ${stacking.description}` : band.description,
  };
});

/**
 * The Audit Log's filters as Shopify's own indexes have them (Polaris IndexFilters): a search
 * (order name, code or rule) and the event type and minimum severity filters, each kept in the
 * address (q, type, severity), so that a link such as /audit-log?q=%231001 opens the log searched
 * (docs/product.md#audit-log). The bar stays open: the search box is always there.
 */
export function FilterBar({
  filters,
  onSearch,
  onFilter,
  onClearAll,
  loading,
}: {
  filters: AuditFilters;
  onSearch: (q: string, live: boolean) => void;
  onFilter: (key: "type" | "severity", value: string) => void;
  onClearAll: () => void;
  loading: boolean;
}) {
  const [search, setSearch] = useState(filters.q);
  const typed = useRef(false);
  // the address changed by other means (a link, Back, Clear all): the box shows its search
  useEffect(() => {
    if (!typed.current) setSearch(filters.q);
  }, [filters.q]);
  useEffect(() => {
    if (!typed.current || search.trim() === filters.q) return;
    const timer = setTimeout(() => {
      typed.current = false;
      onSearch(search, true);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search, filters.q, onSearch]);

  const type = isAuditEventType(filters.type) ? filters.type : null;
  const severity = isSeverity(filters.severity) ? filters.severity : null;
  const appliedFilters = [
    ...(type
      ? [{ key: "type", label: `Event type: ${AUDIT_EVENT_TYPE_LABELS[type]}`, onRemove: () => onFilter("type", "") }]
      : []),
    ...(severity
      ? [{ key: "severity", label: `Severity: ${severityLabel(severity)}`, onRemove: () => onFilter("severity", "") }]
      : []),
  ];

  return (
    <form
      role="search"
      aria-label="Search and filter the Audit Log"
      onSubmit={(event) => {
        event.preventDefault();
        typed.current = false;
        onSearch(search, false);
      }}
    >
      <IndexFilters
        tabs={[]}
        selected={0}
        canCreateNewView={false}
        // always open: the search box and the filters are the page's first tools
        mode={IndexFiltersMode.Filtering}
        setMode={() => undefined}
        autoFocusSearchField={false}
        disableStickyMode
        disableKeyboardShortcuts
        loading={loading}
        queryValue={search}
        queryPlaceholder={AUDIT_SEARCH_PLACEHOLDER}
        onQueryChange={(value) => {
          typed.current = true;
          setSearch(value);
        }}
        onQueryClear={() => {
          typed.current = false;
          setSearch("");
          onSearch("", false);
        }}
        filters={[
          {
            key: "type",
            label: "Event type",
            pinned: true,
            filter: (
              <ChoiceList
                title="Event type"
                titleHidden
                choices={TYPE_CHOICES}
                selected={type ? [type] : []}
                onChange={([value]) => onFilter("type", value ?? "")}
              />
            ),
          },
          {
            key: "severity",
            label: "Severity",
            pinned: true,
            filter: (
              <ChoiceList
                title="Minimum severity"
                titleHidden
                choices={SEVERITY_CHOICES}
                selected={severity ? [severity] : []}
                onChange={([value]) => onFilter("severity", value ?? "")}
              />
            ),
          },
        ]}
        appliedFilters={appliedFilters}
        // the filters only: the search stays, as on Shopify's own indexes
        onClearAll={onClearAll}
      />
    </form>
  );
}
