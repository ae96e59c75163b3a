// Apart from text.ts: the owner's search check ships this in every page's first load (owner-views.ts), and
// a module there brings every export other chunks use from it, the lead form's checks included (bench:size).

/** A lead's or a posted job's id, as the database and `crypto.randomUUID()` write it. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
