import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import type { PersonOutput } from '@presently/domain'
import { BackLink } from '../../../../features/people/back-link'
import { PEOPLE_UI } from '../../../../features/people/messages'
import { useDeletePerson, useUpdatePerson } from '../../../../features/people/person-mutations'
import { PersonForm } from '../../../../features/people/person-form/person-form'
import { PersonQuery } from '../../../../features/people/person-query'
import { pageTitle } from '../../../../lib/page-title'

export const Route = createFileRoute('/_account/my-account/edit-person/$id')({
  head: () => ({ meta: [{ title: pageTitle('Edit Person') }] }),
  component: MyAccountEditPersonIdPage,
})

/**
 * Edit Person (spec account-area §2): "Edit {name}", Delete Person with its confirm dialog, the
 * profile form. Saving goes to the person page; deleting goes to My People. Another user's
 * person (the server answers 404) shows "Person not found".
 */
function MyAccountEditPersonIdPage() {
  const { id: rawId } = Route.useParams()
  return (
    <PersonQuery rawId={rawId} title="Edit Person" skeleton={{ titleWidth: '50%', blocks: [90, 300] }}>
      {(person) => <EditPerson person={person} />}
    </PersonQuery>
  )
}

function EditPerson({ person }: { person: PersonOutput }) {
  const navigate = useNavigate()
  const update = useUpdatePerson()
  const remove = useDeletePerson()
  const [confirming, confirm] = useDisclosure(false)
  const personPage = { to: '/my-account/person/$id', params: { id: String(person.id) } } as const
  return (
    <Stack gap="md">
      <BackLink {...personPage} />
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {PEOPLE_UI.editHeading(person.name)}
        </Title>
        <Button
          color="red.8"
          variant="outline"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={confirm.open}
          aria-haspopup="dialog"
        >
          {PEOPLE_UI.deletePerson}
        </Button>
      </Group>
      <PersonForm
        key={person.id}
        person={person}
        submitting={update.isPending}
        onSubmit={async (values) => {
          await update.mutateAsync({ ...values, id: person.id })
          await navigate(personPage)
        }}
        onCancel={() => void navigate(personPage)}
      />
      <Modal
        opened={confirming}
        onClose={confirm.close}
        title={PEOPLE_UI.deleteTitle}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="lg">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={22} color="var(--mantine-color-red-8)" aria-hidden style={{ flex: 'none' }} />
            <Text size="sm">{PEOPLE_UI.deleteText(person.name)}</Text>
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={confirm.close} disabled={remove.isPending} data-autofocus>
              {PEOPLE_UI.cancel}
            </Button>
            <Button
              color="red.8"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { id: person.id },
                  {
                    onSuccess: () => {
                      confirm.close()
                      void navigate({ to: '/my-account/my-people' })
                    },
                  },
                )
              }
            >
              {PEOPLE_UI.delete}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
