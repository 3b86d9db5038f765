/** A submission unique to one test, so tests sharing a worker's database never collide. */
export function uniqueSubmission(tag: string) {
  const id = `${tag}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    name: `Jane Smith ${id}`,
    email: `jane.${id}@example.co.uk`,
    message: `Our booking page keeps timing out (${id}).`,
  };
}
