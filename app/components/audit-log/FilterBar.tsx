import { Form } from "@remix-run/react";
import { BlockStack, Button, Icon, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { SearchIcon } from "@shopify/polaris-icons";
import { useEffect, useRef, useState } from "react";
import { AUDIT_EVENT_TYPES, AUDIT_EVENT_TYPE_LABELS } from "../../domain/audit/audit-events";
import { SEVERITY_BANDS, STACKING_SEVERITY_TEXT } from "../../domain/severity";

const TYPE_OPTIONS = [
  { label: "All events", value: "" },
  ...AUDIT_EVENT_TYPES.map((type) => ({ label: AUDIT_EVENT_TYPE_LABELS[type], value: type })),
];
const SEVERITY_OPTIONS = [
  { label: "Any severity", value: "" },
  ...SEVERITY_BANDS.map((band) => ({ label: `${band.severity} and above`, value: band.severity })),
];

export interface AuditFilters {
  q: string;
  type: string;
  severity: string;
}

/** How long typing rests before the search runs by itself (Enter runs it at once). */
const SEARCH_PAUSE_MS = 600;

/**
 * The Audit Log's filters as one bar above the list: search (order name, code or rule), event
 * type and minimum severity, each kept in the address (q, type, severity), and Export CSV.
 */
export function FilterBar({
  filters,
  onSearch,
  onFilter,
  onExport,
  exporting,
}: {
  filters: AuditFilters;
  onSearch: (q: string, live: boolean) => void;
  onFilter: (key: "type" | "severity", value: string) => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const [search, setSearch] = useState(filters.q);
  const typed = useRef(false);
  // the address changed by other means (a link, Back): the box shows its search
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

  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center" wrap>
        <div style={{ flex: "1 1 14rem", minWidth: "min(100%, 14rem)" }}>
          <Form
            method="get"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              typed.current = false;
              onSearch(search, false);
            }}
          >
            <TextField
              label="Search"
              labelHidden
              prefix={<Icon source={SearchIcon} />}
              placeholder="Order name, discount code or rule"
              value={search}
              onChange={(value) => {
                typed.current = true;
                setSearch(value);
              }}
              autoComplete="off"
              clearButton
              onClearButtonClick={() => {
                typed.current = false;
                setSearch("");
                onSearch("", false);
              }}
            />
          </Form>
        </div>
        <Select
          label="Event type"
          labelInline
          options={TYPE_OPTIONS}
          value={filters.type}
          onChange={(value) => onFilter("type", value)}
        />
        <Select
          label="Severity"
          labelInline
          options={SEVERITY_OPTIONS}
          value={filters.severity}
          onChange={(value) => onFilter("severity", value)}
        />
        <Button onClick={onExport} loading={exporting}>
          Export CSV
        </Button>
      </InlineStack>
      <Text as="p" variant="bodySm" tone="subdued">
        Severity: {SEVERITY_BANDS.map((band) => `${band.severity}, ${band.description}`).join("; ")}.{" "}
        {STACKING_SEVERITY_TEXT}
      </Text>
    </BlockStack>
  );
}
