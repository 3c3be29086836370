import { Banner, List, type BannerProps } from "@shopify/polaris";

/** A banner listing messages, one per line (a form's field errors, what a preview needs). */
export function MessagesBanner({
  tone,
  title,
  messages,
}: {
  tone: BannerProps["tone"];
  title: string;
  messages: string[];
}) {
  return (
    <Banner tone={tone} title={title}>
      <List>
        {messages.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
    </Banner>
  );
}
