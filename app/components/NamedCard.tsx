import { Card, type CardProps } from "@shopify/polaris";

/** A Polaris card that is also a named region, so people and tests can find it by its title. */
export function NamedCard({ name, children, ...props }: CardProps & { name: string }) {
  return (
    <section aria-label={name}>
      <Card {...props}>{children}</Card>
    </section>
  );
}
