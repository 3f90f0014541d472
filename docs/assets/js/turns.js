// The main thread handed back to the browser between two pieces of the page's work, so that no
// piece is a long task (Lighthouse's: 50 ms on a phone's slower CPU) and a tap or a frame can come
// between them: `await nextTurn()` resumes in a task of its own (scheduler.yield where the browser
// has it, which resumes ahead of other scripts' tasks; else a timer).
export function nextTurn() {
  const scheduler = globalThis.scheduler;
  if (scheduler && typeof scheduler.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
