// Spec section 2: a database id has 28 or more characters and no hyphen; anything else is a
// friendly id.
export function isDatabaseId(id: string): boolean {
  return id.length >= 28 && !id.includes("-");
}
