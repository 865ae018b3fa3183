import { Stack, Title } from '@mantine/core'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { PEOPLE_UI } from '../../../features/people/messages'
import { BackLink } from '../../../features/people/back-link'
import { useCreatePerson } from '../../../features/people/person-mutations'
import { PersonForm } from '../../../features/people/person-form/person-form'
import { pageTitle } from '../../../lib/page-title'

export const Route = createFileRoute('/_account/my-account/add-person')({
  head: () => ({ meta: [{ title: pageTitle('Add Person') }] }),
  component: MyAccountAddPersonPage,
})

/**
 * New Person (spec account-area §2): Back to My People, "Add New Person", the form. Success goes to
 * the new person's page, where their dates are added (issue 43 §4; the spec's My People is one
 * click away there; docs/decisions/first-hour-second-pass.md).
 */
function MyAccountAddPersonPage() {
  const navigate = useNavigate()
  const create = useCreatePerson()
  return (
    <Stack gap="md">
      <BackLink to="/my-account/my-people" />
      <Title order={1}>{PEOPLE_UI.addNewPerson}</Title>
      <PersonForm
        submitting={create.isPending}
        onSubmit={async (values) => {
          const person = await create.mutateAsync(values)
          await navigate({ to: '/my-account/person/$id', params: { id: String(person.id) } })
        }}
        onCancel={() => void navigate({ to: '/my-account/my-people' })}
      />
    </Stack>
  )
}
