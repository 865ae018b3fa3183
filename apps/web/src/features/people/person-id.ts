/**
 * A person id from the URL (/my-account/person/{id}, /my-account/edit-person/{id}): a whole
 * number 1..2^31-1 (PostgreSQL int4), else null, which the pages show as "Person not found"
 * without asking the server.
 */
export function parsePersonId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null
  const id = Number(raw)
  return id >= 1 && id <= 2_147_483_647 ? id : null
}
