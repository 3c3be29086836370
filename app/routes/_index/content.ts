/** The landing page's words, kept apart from its layout. */

export const FEATURES = [
  {
    id: "prevent-stacking",
    title: "Prevent stacking",
    body: "Catch orders where a code, an automatic discount and a free-shipping offer combine into more than you meant to give, and preflight your discounts, or one you are planning, on your own recent carts to see the worst stack a customer could reach, with an audit of the settings that let a promotion run too long or too wide. Check any discount's stacking risk from its own page in Shopify's admin, under More actions.",
  },
  {
    id: "real-time-alerts",
    title: "Real-time alerts",
    body: "With Core, hear about a breach by e-mail, Slack or a signed webhook as its order arrives, or in hourly and daily digests, with quiet hours; and about a discount code that looks leaked, with the signals that fired and one click to turn it off in Shopify.",
  },
  {
    id: "configurable-rules",
    title: "Configurable rules",
    body: "Maximum discount percent or amount, a margin floor from your product costs, stacking limits, per collection; on a schedule for sale weeks, or in testing first. With Core, code rules turn codes away at checkout, including big codes from accounts only days old.",
  },
  {
    id: "audit-trail",
    title: "Audit trail",
    body: "Every breach recorded with the numbers behind it: subtotal, discount, margin, codes and rule. Search it, export it.",
  },
];

export const STEPS = [
  {
    title: "Install and set a rule",
    body: "Pick a threshold: a discount cap, a margin floor or one promotion per order. It takes under 5 minutes.",
  },
  {
    title: "We check every order",
    body: "Each new or edited order's discounts are compared with your rules as Shopify reports it.",
  },
  {
    title: "Act on what we catch",
    body: "Get alerted; with Core, have the order tagged, its fulfilment held for review or a Shopify Flow workflow started, and codes turned away at checkout (past a combined cap, only as few as needed, so the sale is kept). Fix the promotion, and see in the ROI dashboard what the app saved (checkouts blocked, held orders cancelled or edited down) apart from what it only flagged, each order counted once.",
  },
];

export const INTEGRATIONS = [
  { title: "Chat", body: "Slack alerts to the channel your team watches (#alerts by default)." },
  { title: "E-mail", body: "Alerts to any list of recipients, through your own SMTP server if you like." },
  {
    title: "Webhooks",
    body: "Signed JSON (HMAC-SHA256, with an idempotency key) to your own systems, retried with backoff for up to 24 hours.",
  },
  {
    title: "Analytics",
    body: "Audit log export to CSV and an ROI dashboard by rule type and period; with Core, markers on Shopify's own analytics charts where a leaked code, a risky promotion or a protection gap began.",
  },
  {
    title: "Shopify Flow",
    body: 'With Core, the triggers "Margin rule breached" and "Discount code probably leaked" start your own workflows with the figures behind them.',
  },
];

export const TESTIMONIALS = [
  {
    quote:
      "A welcome code stacked with our sitewide sale gave away 45% on a weekend. We would have seen it on Monday morning instead of in the bank statement.",
    who: "Head of e-commerce, apparel store",
  },
  {
    quote:
      "The margin floor is the rule I wanted: it knows our costs, so a 20% code on a low-margin line is flagged and the rest is left alone.",
    who: "Finance lead, home goods store",
  },
  {
    quote: "The audit log export is what our accountant asked for: every breach with its subtotal, discount and codes.",
    who: "Operations manager, beauty store",
  },
];

export const FAQ = [
  {
    q: "Which discounts does Margin Guardrail check?",
    a: "All of an order's discount applications: discount codes, automatic discounts, manual discounts and shipping discounts, on the line items and the order.",
  },
  {
    q: "Does it work on every Shopify plan?",
    a: "Monitoring and alerts work on every Shopify plan. Real-time checkout blocking runs as a Shopify Function and is part of our Plus plan, coming soon.",
  },
  {
    q: "How is the margin calculated?",
    a: "From the unit costs you keep in Shopify (the inventory item's cost), as they stood on the order's date, and if you turn them on, your payment fees and shipping costs. Lines without a cost are reported as uncovered, never guessed.",
  },
  {
    q: "What data do you store?",
    a: "Your rules and settings, for each breach the order's number, discount figures and codes, and for each discount code the orders, customer ids and ship-to countries that used it, to spot leaks. See the privacy policy; uninstalling deletes it within 30 days.",
  },
  {
    q: "Can I try it before installing?",
    a: "Yes: the product tour shows the app on a demo store, and the Free plan needs no card.",
  },
];

/** Illustrative figures for the hero (docs/product.md#constants). */
export const SAMPLE_FIGURES = [
  { label: "rules", value: "10" },
  { label: "alerts", value: "28" },
  { label: "blocked", value: "12" },
  { label: "protected", value: "$2,340" },
];

export const STORE_KINDS = ["Apparel", "Beauty", "Home goods", "Outdoor", "Food & drink", "Electronics"];
