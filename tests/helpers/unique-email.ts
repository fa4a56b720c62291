/** An address no other test (nor an earlier run against the same database) has used. */
export const uniqueEmail = (name: string) =>
  `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.ng`;
