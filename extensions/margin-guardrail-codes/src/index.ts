export * from "./cart_lines_discounts_generate_run";
