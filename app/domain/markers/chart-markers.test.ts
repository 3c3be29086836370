import { describe, expect, it } from "vitest";
import {
  MARKER_DESCRIPTION_MAX,
  MARKER_TITLE_MAX,
  clampText,
  markerChanges,
  markersMode,
  wantedMarkers,
  type MadeMarker,
  type MarkerFindings,
} from "./chart-markers";

const at = (iso: string) => new Date(iso);
const none: MarkerFindings = { leaks: [], stack: null, protection: [] };

const leak = (code: string, flaggedAt: string) => ({
  code,
  codeKey: code.toLowerCase(),
  flaggedAt: at(flaggedAt),
  signals: ["velocity spike: 40 uses in the last hour (limit 20)"],
});

const stack = {
  discountIds: ["gid://shopify/DiscountCodeNode/2", "gid://shopify/DiscountAutomaticNode/1"],
  labels: ["SAVE20", "automatic 'Spring sale'"],
  percent: 47.5,
  rules: ["Keep 30% margin"],
  reachableFrom: at("2026-12-01T00:00:00Z"),
};

const gap = {
  layer: "code_rules" as const,
  detail: "The code rules' discount is off in Shopify.",
  since: at("2026-11-20T08:00:00Z"),
};

/** What the app made for `wanted` markers, as a pass stores it. */
const madeOf = (findings: MarkerFindings): MadeMarker[] =>
  wantedMarkers(findings).map((marker, index) => ({
    key: marker.key,
    annotationId: `gid://shopify/AnalyticsAnnotation/${index + 1}`,
    title: marker.title,
    description: marker.description,
    startedAt: marker.startedAt,
  }));

describe("the markers a shop's findings call for (docs/product.md#markers-on-shopifys-charts)", () => {
  it("makes one marker per finding under a stable key, dated when the finding began", () => {
    const markers = wantedMarkers({ leaks: [leak("SAVE20", "2026-11-25T10:00:00Z")], stack, protection: [gap] });
    expect(markers.map((marker) => [marker.key, marker.startedAt.toISOString()])).toEqual([
      [`protection:code_rules:${gap.since.getTime()}`, "2026-11-20T08:00:00.000Z"],
      ["stack:gid://shopify/DiscountAutomaticNode/1,gid://shopify/DiscountCodeNode/2", "2026-12-01T00:00:00.000Z"],
      [`leak:save20:${at("2026-11-25T10:00:00Z").getTime()}`, "2026-11-25T10:00:00.000Z"],
    ]);
    expect(markers[0].title).toBe("Margin Guardrail: Code rules stopped protecting");
    expect(markers[1]).toMatchObject({
      title: "Margin Guardrail: a 47.5% discount stack passes your margin floor",
      description: "SAVE20 + automatic 'Spring sale' can stack and break Keep 30% margin",
    });
    expect(markers[2]).toMatchObject({
      title: "Margin Guardrail: code SAVE20 probably leaked",
      description: "Flagged: velocity spike: 40 uses in the last hour (limit 20)",
    });
  });

  it("keeps every title and description within Shopify's lengths", () => {
    const long = "X".repeat(200);
    const markers = wantedMarkers({
      leaks: [{ ...leak(long, "2026-11-25T10:00:00Z"), signals: [long, long] }],
      stack: { ...stack, labels: [long], rules: [long] },
      protection: [{ ...gap, detail: long }],
    });
    for (const marker of markers) {
      expect([...marker.title].length).toBeLessThanOrEqual(MARKER_TITLE_MAX);
      expect([...marker.description].length).toBeLessThanOrEqual(MARKER_DESCRIPTION_MAX);
    }
    expect(clampText("a  b\nc", 10)).toBe("a b c");
    expect(clampText("abcdefghijk", 5)).toBe("abcd…");
  });

  it("puts no marker for a stack that breaks no margin floor", () => {
    expect(wantedMarkers({ ...none, stack: { ...stack, rules: [] } })).toEqual([]);
  });

  it("keeps the gaps, the stack, then the newest leaks when there are more than the cap", () => {
    const leaks = [
      leak("OLD", "2026-11-01T00:00:00Z"),
      leak("NEWEST", "2026-11-27T00:00:00Z"),
      leak("MIDDLE", "2026-11-15T00:00:00Z"),
    ];
    const kept = wantedMarkers({ leaks, stack, protection: [gap] }, 3);
    expect(kept.map((marker) => marker.kind)).toEqual(["protection", "stack", "leak"]);
    expect(kept[2].key).toBe(`leak:newest:${at("2026-11-27T00:00:00Z").getTime()}`);
    expect(wantedMarkers({ ...none, leaks }, 2).map((marker) => marker.key.split(":")[1])).toEqual([
      "newest",
      "middle",
    ]);
  });
});

describe("what a pass changes in Shopify", () => {
  it("creates what is new, and changes nothing the second time", () => {
    const findings = { leaks: [leak("SAVE20", "2026-11-25T10:00:00Z")], stack, protection: [] };
    const wanted = wantedMarkers(findings);
    expect(markerChanges(wanted, []).map((change) => change.op)).toEqual(["create", "create"]);
    expect(markerChanges(wanted, madeOf(findings))).toEqual([]);
  });

  it("deletes a resolved finding's marker, before it creates any", () => {
    const before = { leaks: [leak("SAVE20", "2026-11-25T10:00:00Z")], stack: null, protection: [] };
    const after = { ...none, protection: [gap] };
    const changes = markerChanges(wantedMarkers(after), madeOf(before));
    expect(changes.map((change) => change.op)).toEqual(["delete", "create"]);
    expect(changes[0]).toMatchObject({ op: "delete", made: { annotationId: "gid://shopify/AnalyticsAnnotation/1" } });
  });

  it("updates a marker whose finding changed its words or its date, under the same annotation", () => {
    const made = madeOf({ ...none, stack });
    const later = { ...stack, percent: 52, reachableFrom: at("2026-12-05T00:00:00Z") };
    const [change, ...more] = markerChanges(wantedMarkers({ ...none, stack: later }), made);
    expect(more).toEqual([]);
    expect(change).toMatchObject({
      op: "update",
      made: { annotationId: "gid://shopify/AnalyticsAnnotation/1" },
      marker: { title: "Margin Guardrail: a 52.0% discount stack passes your margin floor" },
    });
  });

  it("deletes every marker once they are off", () => {
    const made = madeOf({ leaks: [leak("SAVE20", "2026-11-25T10:00:00Z")], stack, protection: [gap] });
    expect(markerChanges([], made).map((change) => change.op)).toEqual(["delete", "delete", "delete"]);
  });
});

describe("whether a shop's markers are put", () => {
  it("puts them on Core and Plus when switched on and granted; takes them off otherwise", () => {
    expect(markersMode({ chartMarkers: true, plan: "core", scopeGranted: true })).toBe("on");
    expect(markersMode({ chartMarkers: true, plan: "plus", scopeGranted: true })).toBe("on");
    expect(markersMode({ chartMarkers: false, plan: "core", scopeGranted: true })).toBe("off");
    expect(markersMode({ chartMarkers: true, plan: "free", scopeGranted: true })).toBe("off");
    expect(markersMode({ chartMarkers: true, plan: "core", scopeGranted: false })).toBe("no_scope");
  });
});
