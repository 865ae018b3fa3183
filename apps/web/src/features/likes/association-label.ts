/** Names of the user's people and labels of occasions, by id, for association chips. */
export interface AssociationNames {
  people: Map<number, string>
  occasions: Map<number, string>
}

/**
 * The chip text of an association: "Mum · Birthday", "Mum" or "Birthday" (either may be absent,
 * spec account-area §3); an id the names do not know yet reads "Someone" / "An occasion".
 */
export function associationLabel(
  association: { personId: number | null; occasionId: number | null },
  names: AssociationNames,
): string {
  const person = association.personId === null ? null : (names.people.get(association.personId) ?? 'Someone')
  const occasion =
    association.occasionId === null ? null : (names.occasions.get(association.occasionId) ?? 'An occasion')
  return [person, occasion].filter(Boolean).join(' · ')
}
