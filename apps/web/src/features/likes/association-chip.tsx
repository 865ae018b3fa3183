import { CloseButton, Group, Text, UnstyledButton } from '@mantine/core'
import { IconGripVertical } from '@tabler/icons-react'
import { useDraggable } from '@dnd-kit/core'
import type { AssociationOutput } from '@presently/domain'
import classes from './liked-products.module.css'

/** What a dragged chip carries: the association and the like it comes from. */
export interface ChipDragData {
  association: AssociationOutput
  fromLikeId: number
  label: string
}

interface AssociationChipProps {
  association: AssociationOutput
  fromLikeId: number
  label: string
  onRemove: () => void
  /** Saving: the chip cannot be moved or removed meanwhile. */
  busy?: boolean
}

/**
 * An event chip of a liked product ("Mum · Birthday"): its handle drags it onto another card
 * (mouse, touch or keyboard: Space to lift, arrows to move, Space to drop, Escape to cancel) to
 * copy the association there; × removes it from this product.
 */
export function AssociationChip({ association, fromLikeId, label, onRemove, busy = false }: AssociationChipProps) {
  const data: ChipDragData = { association, fromLikeId, label }
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `association-${association.id}`,
    data,
    // Unsaved (temporary negative id) or saving: nothing to copy yet.
    disabled: busy || association.id < 0,
  })
  return (
    <Group
      gap={2}
      wrap="nowrap"
      className={classes.chip}
      data-dragging={isDragging || undefined}
      data-testid="association-chip"
    >
      <UnstyledButton
        ref={setNodeRef}
        className={classes.chipHandle}
        {...attributes}
        {...listeners}
        aria-roledescription="draggable event chip"
      >
        <IconGripVertical size={14} aria-hidden className={classes.grip} />
        <Text span size="xs" fw={500}>
          {label}
        </Text>
      </UnstyledButton>
      <CloseButton size="sm" aria-label={`Remove ${label}`} disabled={busy} onClick={onRemove} />
    </Group>
  )
}

/** The chip as it follows the pointer or the keyboard while dragged (dnd-kit's DragOverlay). */
export function ChipPreview({ label }: { label: string }) {
  return (
    <Group gap={4} wrap="nowrap" className={`${classes.chip} ${classes.chipPreview}`}>
      <IconGripVertical size={14} aria-hidden className={classes.grip} />
      <Text span size="xs" fw={500}>
        {label}
      </Text>
    </Group>
  )
}
