/** GitHub's heading anchors of a markdown text: lower case, punctuation dropped, spaces to hyphens. */
export function anchors(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
      match[1]
        .toLowerCase()
        .replace(/[^\p{L}\p{N} -]/gu, "")
        .replace(/ /g, "-"),
    ),
  );
}
