const answerIds = new WeakMap<object, number>();
let lastAnswerId = 0;

/**
 * A number that changes with every answer of the server (its field errors, its echoed values):
 * a form keyed with it remounts its uncontrolled inputs from the echoed values, and shows the
 * errors of each new answer again after fields hid theirs once edited. 0 for no answer.
 */
export function answerKey(answer: object | null | undefined): number {
  if (!answer) return 0;
  let id = answerIds.get(answer);
  if (id === undefined) {
    lastAnswerId += 1;
    id = lastAnswerId;
    answerIds.set(answer, id);
  }
  return id;
}
