import { Stack, Title } from '@mantine/core'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { PEOPLE_UI } from '../../../features/people/messages'
import { BackLink } from '../../../features/people/back-link'
import { useCreatePerson } from '../../../features/people/person-mutations'
import { PersonForm } from '../../../features/people/person-form/person-form'

export const Route = createFileRoute('/_account/my-account/add-person')({
  head: () => ({ meta: [{ title: 'Add Person' }] }),
  component: MyAccountAddPersonPage,
})

/** New Person (spec account-area §2): Back to My People, "Add New Person", the form; success goes to My People. */
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
          await create.mutateAsync(values)
          await navigate({ to: '/my-account/my-people' })
        }}
        onCancel={() => void navigate({ to: '/my-account/my-people' })}
      />
    </Stack>
  )
}
