import { Container, type ContainerProps } from '@mantine/core'

/** The content column of a page: centred, with the site's horizontal and vertical rhythm. */
export function PageContainer({ children, ...props }: ContainerProps) {
  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 'xl' }} {...props}>
      {children}
    </Container>
  )
}
