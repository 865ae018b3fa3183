// No zod here: the web app's like buttons and Liked Products page import these (docs/decisions/web-bundle.md).

/** Liked products per page of the web app's Liked Products page (issue 24), and the most per call. */
export const LIKED_PAGE_SIZE = 48
export const LIKED_PAGE_MAX = 96
