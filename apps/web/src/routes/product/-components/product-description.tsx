import { Stack, Text } from '@mantine/core'

/**
 * The product description as plain paragraphs (blank lines or line breaks split them). The
 * formatted description of spec browsing-and-purchase §7 arrives in a later issue.
 */
export function ProductDescription({ text }: { text: string | null }) {
  const paragraphs = (text ?? '')
    .split(/\r?\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
  if (paragraphs.length === 0) {
    return <Text c="dimmed">No product description available.</Text>
  }
  return (
    <Stack gap="sm">
      {paragraphs.map((paragraph, index) => (
        <Text key={index} size="sm" lh={1.65}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  )
}
